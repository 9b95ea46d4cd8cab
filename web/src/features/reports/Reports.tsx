import { NotYet } from '../../ui/NotYet.tsx';

export default function Reports() {
  return <NotYet title="Reports" what="This screen" />;
}
