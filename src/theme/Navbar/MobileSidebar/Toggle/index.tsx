/** Marks the drawer opened before the theme's own click handler shows it (../drawer-opened.ts). */
import type {ReactNode} from 'react';
import Toggle from '@theme-original/Navbar/MobileSidebar/Toggle';
import {markDrawerOpened} from '../drawer-opened';
import styles from './styles.module.css';

export default function ToggleMarkingDrawerOpened(): ReactNode {
  return (
    <span className={styles.contents} onClickCapture={markDrawerOpened}>
      <Toggle />
    </span>
  );
}
