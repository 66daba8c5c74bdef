/** All render on the server; only TryIt loads more code, when the reader opens it. */
export {PageContent} from './PageContent';
