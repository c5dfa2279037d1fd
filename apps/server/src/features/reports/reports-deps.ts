/** What the reports service is given (app.ts): the other features' capabilities it uses. */
import type { DatabaseHandle } from '../../db/client.ts';
import type {
  ChangePoints,
  DeleteComment,
  DeleteLocation,
  DeletePhoto,
  LockComment,
  LockLocation,
  LockPhoto,
  RecordAuditEntries,
} from '../../lib/capabilities.ts';

export interface ReportsDeps {
  database: DatabaseHandle;
  urlFor: (key: string) => string;
  now?: () => Date;
  lockLocation: LockLocation;
  lockComment: LockComment;
  lockPhoto: LockPhoto;
  deletePhoto: DeletePhoto;
  deleteComment: DeleteComment;
  deleteLocation: DeleteLocation;
  changePoints: ChangePoints;
  recordAuditEntries: RecordAuditEntries;
  deleteFiles: (keys: string[]) => Promise<void>;
  deleteCommentFiles: (locationId: string, commentId: string) => Promise<void>;
  deleteLocationFiles: (locationId: string) => Promise<void>;
}
