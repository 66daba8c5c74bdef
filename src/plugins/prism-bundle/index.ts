/** ./highlight.ts stands in for prism-react-renderer in every bundle, the server's too, so both render the same markup. */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function prismBundle(): Plugin {
  return {
    name: 'prism-bundle',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'highlight.ts')}}};
    },
  };
}
