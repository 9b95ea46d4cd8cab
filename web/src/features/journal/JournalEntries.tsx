import { NotYet } from '../../ui/NotYet.tsx';

export default function JournalEntries() {
  return <NotYet title="JournalEntries" what="This screen" />;
}
