// The catalogue read once per worker (per file for the files that mock modules, which run isolated;
// docs/adr/0251-component-tests-share-one-module-graph.md), shared by the setup and the tests: reading
// its YAML costs about 0.5–1.4 CPU-s a time, and a getBoot stand-in that read it again on every call made
// the batch and tabs dialogs' files the component stage's longest
// (docs/adr/0243-component-tests-read-the-catalogue-once.md).
// Nothing here changes it; a test that needs a changed one clones `docs` and builds its own.
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

export const { catalogue, docs } = loadCatalogue();
