/** Rendered from the first time the reader opens it: the theme rendered the hidden drawer, with the whole sidebar, as soon as a phone page hydrated. */
import React, {useRef, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';

export default function NavbarMobileSidebarWhenOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const opened = useRef(false);
  if (shown) opened.current = true;
  return opened.current ? <NavbarMobileSidebar /> : null;
}
