import {createContext} from 'react';

/** Whether the page is in a browser, for the items of tabs told it is not (./index.tsx); undefined outside them. */
export const ItemsBrowserContext = createContext<boolean | undefined>(undefined);
