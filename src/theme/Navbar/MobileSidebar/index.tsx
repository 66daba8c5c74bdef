/** Built the first time the reader opens it: the theme builds the hidden drawer, with the whole sidebar, as soon as a phone page hydrates. */
import type {ReactNode} from 'react';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useDrawerOpened} from './drawer-opened';

export default function NavbarMobileSidebarWhenOpened(): ReactNode {
  return useDrawerOpened() ? <NavbarMobileSidebar /> : null;
}
