# Reads the Prometheus text format on stdin with the reference parser (prometheus_client, Debian's
# python3-prometheus-client) and prints its metric families as JSON, so a test checks what a real
# scraper reads rather than what a regular expression finds.
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

families = [
    {
        "name": family.name,
        "type": family.type,
        "help": family.documentation,
        "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in family.samples],
    }
    for family in text_string_to_metric_families(sys.stdin.read())
]
json.dump(families, sys.stdout)
