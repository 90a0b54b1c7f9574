import type { Role } from "@/shared/enums";
import { can } from "@/shared/policies";

/** What decides which events a stream may see. */
export interface StreamAccess {
  role: Role;
  companyId: string | null;
}

export interface StreamOwner extends StreamAccess {
  userId: string;
  sessionId: string;
}

export interface Stream {
  owner: StreamOwner;
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
}

/**
 * The open streams, indexed so that an event costs a lookup of its company plus the admins,
 * not a scan of every stream in the process.
 */
export class StreamIndex {
  readonly all = new Set<Stream>();
  readonly admins = new Set<Stream>();
  readonly withoutCompany = new Set<Stream>();
  private readonly byCompany = new Map<string, Set<Stream>>();
  private readonly byUser = new Map<string, Set<Stream>>();

  get size(): number {
    return this.all.size;
  }

  ofCompany(companyId: string): Iterable<Stream> {
    return this.byCompany.get(companyId) ?? [];
  }

  /** The user's streams, oldest first. */
  ofUser(userId: string): Stream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  add(stream: Stream): void {
    this.all.add(stream);
    addTo(this.byUser, stream.owner.userId, stream);
    this.indexAccess(stream);
  }

  /** false when the stream was not (or no longer) in the index. */
  remove(stream: Stream): boolean {
    if (!this.all.delete(stream)) return false;
    removeFrom(this.byUser, stream.owner.userId, stream);
    this.unindexAccess(stream);
    return true;
  }

  /** Moves a stream to where its new access puts it. */
  changeAccess(stream: Stream, access: StreamAccess): void {
    this.unindexAccess(stream);
    stream.owner.role = access.role;
    stream.owner.companyId = access.companyId;
    this.indexAccess(stream);
  }

  private indexAccess(stream: Stream): void {
    const { companyId } = stream.owner;
    // Streams that may see every company's changes hear every event.
    if (can(stream.owner, "readAll", "company")) this.admins.add(stream);
    else if (companyId) addTo(this.byCompany, companyId, stream);
    else this.withoutCompany.add(stream);
  }

  private unindexAccess(stream: Stream): void {
    this.admins.delete(stream);
    this.withoutCompany.delete(stream);
    if (stream.owner.companyId) removeFrom(this.byCompany, stream.owner.companyId, stream);
  }
}

function addTo(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  const set = map.get(key) ?? new Set<Stream>();
  set.add(stream);
  map.set(key, set);
}

function removeFrom(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  const set = map.get(key);
  set?.delete(stream);
  if (set?.size === 0) map.delete(key);
}
