/**
 * The theme's navbar drawer, rendered from the first time the reader opens it.
 * The theme renders it, with the page's whole sidebar in it, as soon as a page
 * on a phone has hydrated, though it stays hidden until opened: that was most
 * of the long task that followed hydration there.
 */
import React, {useRef, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';

export default function NavbarMobileSidebarWhenOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const opened = useRef(false);
  if (shown) opened.current = true;
  return opened.current ? <NavbarMobileSidebar /> : null;
}
