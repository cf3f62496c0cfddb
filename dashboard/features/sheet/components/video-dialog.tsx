import { ExternalLink } from 'lucide-react';
import type { Mapping } from '@shared/schemas/sheet';
import { Dialog } from '../../../components/dialog';

/** The video popup for a question's resource link. Videos open on their own site: nothing is embedded. */
export function VideoDialog({ mapping, onClose }: { mapping: Mapping | null; onClose: () => void }) {
  return (
    <Dialog open={!!mapping} onClose={onClose} title={mapping ? `Video: ${mapping.title}` : 'Video'}>
      {mapping?.resource && (
        <a className="btn btn-primary" href={mapping.resource} target="_blank" rel="noopener noreferrer">
          Watch the video <ExternalLink size={15} />
        </a>
      )}
    </Dialog>
  );
}
