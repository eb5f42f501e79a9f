import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import * as m from '../../../lib/i18n/messages.ts';
import { playTrack } from '../../../site/lib/player.ts';

// Listen and Watch of an exclusive for its artist's subscribers (and the artist). Both play
// /api/exclusives/{id}/media, which the server answers only to them (exclusives.ts): the audio in
// the site's player, the video in a dialog's <video>. Neither has a public link to copy.

interface Props {
  exclusiveId: number;
  kind: 'audio' | 'video';
  title: string;
  duration: number;
  artist: { id: number; name: string; profileImage: string };
}

export default function ExclusiveMedia({ exclusiveId, kind, title, duration, artist }: Props) {
  const [watching, setWatching] = useState(false);
  const [failed, setFailed] = useState(false);
  const src = `/api/exclusives/${exclusiveId}/media`;

  if (kind === 'audio')
    return (
      <button
        type="button"
        className="btn btn-sm btn-gold exclusive-action"
        aria-label={m.exclusive_listen_label({ title })}
        onClick={() =>
          playTrack({
            id: -exclusiveId,
            title,
            audioUrl: src,
            coverImage: artist.profileImage,
            duration,
            artist: { id: artist.id, name: artist.name },
            exclusive: true,
          })
        }
      >
        {m.exclusive_listen()}
      </button>
    );

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-gold exclusive-action"
        aria-label={m.exclusive_watch_label({ title })}
        onClick={() => {
          setFailed(false);
          setWatching(true);
        }}
      >
        {m.exclusive_watch()}
      </button>
      <Modal
        show={watching}
        onHide={() => setWatching(false)}
        centered
        size="lg"
        aria-labelledby={`watch-${exclusiveId}`}
      >
        <Modal.Header closeButton closeLabel={m.exclusive_close()}>
          <Modal.Title id={`watch-${exclusiveId}`} className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* No download button and no picture-in-picture: the file is the subscribers' only. */}
          <video
            className="exclusive-video w-100"
            src={src}
            controls
            autoPlay
            playsInline
            controlsList="nodownload"
            disablePictureInPicture
            onContextMenu={(event) => event.preventDefault()}
            onError={() => setFailed(true)}
            data-testid="exclusive-video"
          />
          {failed && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {m.exclusive_video_failed()}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setWatching(false)}>
            {m.exclusive_close()}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
