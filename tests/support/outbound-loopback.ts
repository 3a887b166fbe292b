// The tests' fake services (SMTP, LDAP, the suites, SMS, messaging) listen on this machine, which the
// outbound policy refuses by default (docs/adr/0083-outbound-policy.md): the deployment these tests
// are allow-lists loopback, as a deployment with a local relay would. Tests of the policy itself set
// ATRIUM_OUTBOUND_ALLOW to what they need.
process.env.ATRIUM_OUTBOUND_ALLOW = '127.0.0.1,::1,localhost';
