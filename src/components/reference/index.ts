/**
 * Components of the generated operation pages (lib/reference/operation-page.ts).
 * All render on the server; only TryIt loads more code, when the reader opens it.
 */
export {Endpoint} from './Endpoint';
export {FieldList} from './Fields';
export {Markup} from './Markup';
export {RequestSamples} from './RequestSamples';
export {TryIt} from './TryIt';
