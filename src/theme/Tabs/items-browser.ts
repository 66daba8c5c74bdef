import {createContext} from 'react';

/** Undefined outside tabs told they are not in a browser (./index.tsx). */
export const ItemsBrowserContext = createContext<boolean | undefined>(undefined);
