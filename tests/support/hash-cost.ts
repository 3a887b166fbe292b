// The API and browser tests hash passwords at the lowest cost the server takes: a sign-in, a server's
// start and every password set cost scrypt's time, about a tenth of the API tests' CPU at the default
// (docs/adr/0260-password-hash-cost-setting.md). Set before the prepared databases are seeded and the
// workers start, which inherit it; a cost given in the environment is kept.
export function lowestHashCostForTests(): void {
  process.env.ATRIUM_PASSWORD_HASH_COST ||= '10';
}
