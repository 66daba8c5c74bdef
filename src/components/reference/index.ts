/**
 * The component of the generated reference pages (lib/reference/operation-page.ts), and the pieces it renders them with.
 * All render on the server; only TryIt loads more code, when the reader opens it.
 */
export {PageContent} from './PageContent';
