import { NotYet } from '../../ui/NotYet.tsx';

export default function Organization() {
  return <NotYet title="Organization" what="This screen" />;
}
