import { NotYet } from '../../ui/NotYet.tsx';

export default function Members() {
  return <NotYet title="Members" what="This screen" />;
}
