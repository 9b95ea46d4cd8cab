import { NotYet } from '../../ui/NotYet.tsx';

export default function ApiKeys() {
  return <NotYet title="ApiKeys" what="This screen" />;
}
