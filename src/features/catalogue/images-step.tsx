import {
  IMAGE_HEIGHT,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_TYPES,
  IMAGE_WIDTH,
  IMAGES_MAX,
  type ProductDetails,
} from '@contract/catalogue';
import { css, cx } from '@styled/css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { post, upload } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';
import { checkImageFile, type ImageProblem } from './image-checks';
import { storeProduct } from './queries';

/** A chosen file on its way: checked, then uploaded one at a time; a refused one stays listed with the reason. */
type Pending =
  | { key: number; name: string; state: 'checking' | 'waiting' | 'uploading' }
  | { key: number; name: string; state: 'failed'; problem: ImageProblem | null; error: unknown };

const section = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const dropZone = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  p: '6',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'line',
  borderRadius: 'card',
  bg: 'canvas',
  textAlign: 'center',
  '&[data-dragging=true]': { borderColor: 'accentText', bg: 'accentSoft' },
});
const queueList = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const queueRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '4',
  rowGap: '1',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  '&[data-state=failed]': { tone: 'danger' },
  '& > button': { ml: 'auto' },
});
const fileName = css({ fontWeight: 'medium', overflowWrap: 'anywhere' });
const grid = css({
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: '4',
});
const tile = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '2',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  bg: 'surface',
  position: 'relative',
});
const picture = css({
  width: '100%',
  height: 'auto',
  aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}`,
  objectFit: 'cover',
  borderRadius: '6px',
});
const coverBadge = css({ position: 'absolute', top: '3', left: '3' });
const tileActions = css({ display: 'flex', flexWrap: 'wrap', gap: '1', '& > button': { flex: '1 1 auto', px: '2', fontSize: 'sm' } });

const IMAGES_PATH = '/api/front/supplier/catalogue/images';

/**
 * The wizard's images step (SPEC §5, decisions 055 and 076): files are checked in the
 * browser as the server checks them (JPEG or PNG by content, at most 1 MB,
 * 1360×620 or larger in that ratio, at most 8 a product), each refusal named by file while the
 * rest go on, then uploaded one at a time; the product's images show as a grid
 * to reorder (the first is the cover) and delete. Every change the server
 * accepts puts its answer in the product's query and goes to `onSubmitted`.
 */
export function ImagesStep({
  supplierId,
  product,
  onSubmitted,
}: {
  supplierId: string;
  product: ProductDetails;
  onSubmitted?: (product: ProductDetails) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const online = useOnline();
  const queryClient = useQueryClient();
  const productId = product.id;
  const locked = product.status === 'moderation';

  const [pending, setPending] = useState<Pending[]>([]);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [toDelete, setToDelete] = useState<{ id: string; number: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const nextKey = useRef(0);
  /** Files checked and waiting their turn, in the order chosen. */
  const queue = useRef<{ key: number; name: string; blob: Blob }[]>([]);
  const uploading = useRef(false);
  /** Places taken by files checked but not yet stored: with the product's images, at most IMAGES_MAX. */
  const reserved = useRef(0);
  const imageCount = useRef(product.images.length);
  const focusAfterMove = useRef<{ id: string; direction: 'earlier' | 'later' } | null>(null);
  const gridRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    imageCount.current = product.images.length;
  }, [product.images.length]);

  const changed = async (saved: ProductDetails) => {
    await storeProduct(queryClient, saved);
    onSubmitted?.(saved);
  };

  const update = (key: number, item: Pending | null) =>
    setPending((list) => (item ? list.map((entry) => (entry.key === key ? item : entry)) : list.filter((entry) => entry.key !== key)));

  /** Sends the waiting files one after another; a refusal is shown on its file and the next one goes on. */
  const pump = async () => {
    if (uploading.current) return;
    uploading.current = true;
    let added = 0;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, name, blob } = next;
        update(key, { key, name, state: 'uploading' });
        try {
          const saved = await upload(`${IMAGES_PATH}/upload`, blob, { query: { supplierId, productId }, quiet: true });
          imageCount.current = saved.images.length;
          await changed(saved);
          update(key, null);
          added += 1;
        } catch (error) {
          update(key, { key, name, state: 'failed', problem: null, error });
        } finally {
          reserved.current -= 1;
          setProgress((state) => ({ ...state, done: state.done + 1 }));
        }
      }
    } finally {
      uploading.current = false;
      setProgress({ done: 0, total: 0 });
      if (added > 0) showToast({ tone: 'success', messageId: 'catalogueImages.uploaded', values: { count: added }, lifeMs: 5000 });
    }
  };

  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const items = files.map((file) => ({ key: (nextKey.current += 1), file }));
    setPending((list) => [
      // A new choice clears the old refusals: the list shows what is happening now.
      ...list.filter((entry) => entry.state !== 'failed'),
      ...items.map(({ key, file }) => ({ key, name: file.name, state: 'checking' as const })),
    ]);
    // Checked in the order chosen, then sent as one batch: the count and the progress cover the whole choice.
    const accepted: { key: number; name: string; blob: Blob }[] = [];
    for (const { key, file } of items) {
      const name = file.name;
      const checked = await checkImageFile(file);
      if ('problem' in checked) {
        update(key, { key, name, state: 'failed', problem: checked.problem, error: null });
      } else if (imageCount.current + reserved.current >= IMAGES_MAX) {
        update(key, { key, name, state: 'failed', problem: { code: 'IMAGE_LIMIT' }, error: null });
      } else {
        reserved.current += 1;
        accepted.push({ key, name, blob: checked.blob });
        update(key, { key, name, state: 'waiting' });
      }
    }
    if (accepted.length === 0) return;
    queue.current.push(...accepted);
    setProgress((state) => ({ ...state, total: state.total + accepted.length }));
    void pump();
  };

  const order = useMutation({
    mutationFn: (imageIds: string[]) => post(`${IMAGES_PATH}/order`, { json: { supplierId, productId, imageIds }, quiet: true }),
    networkMode: 'always',
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (imageId: string) => post(`${IMAGES_PATH}/delete`, { json: { supplierId, productId, imageId }, quiet: true }),
    networkMode: 'always',
    onSuccess: changed,
  });
  // The order and a deletion name the images there are: not while uploads are still adding to them.
  const busy = order.isPending || remove.isPending || pending.some((item) => item.state === 'waiting' || item.state === 'uploading');

  const move = (index: number, direction: 'earlier' | 'later') => {
    const ids = product.images.map((image) => image.id);
    const target = direction === 'earlier' ? index - 1 : index + 1;
    const [moved] = ids.splice(index, 1);
    ids.splice(target, 0, moved!);
    remove.reset();
    order.mutate(ids, {
      onSuccess: () => {
        focusAfterMove.current = { id: moved!, direction };
        setAnnouncement(intl.formatMessage({ id: 'catalogueImages.moved' }, { position: target + 1, count: ids.length }));
      },
    });
  };

  // The moved image keeps the focus on its button (the other one once it reaches an end), so it can move on.
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const tileOf = gridRef.current?.querySelector(`[data-image-id="${wanted.id}"]`);
    const other = wanted.direction === 'earlier' ? 'later' : 'earlier';
    const button =
      tileOf?.querySelector<HTMLButtonElement>(`[data-move=${wanted.direction}]:not(:disabled)`) ??
      tileOf?.querySelector<HTMLButtonElement>(`[data-move=${other}]`);
    button?.focus();
  }, [product.images]);

  const confirmDelete = () => {
    if (!toDelete) return;
    order.reset();
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        setAnnouncement(intl.formatMessage({ id: 'catalogueImages.deleted' }));
        // The dialog gives the focus back to the deleted image's button, which is gone: the file button takes it.
        requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLElement>('[data-testid=images-choose]')?.focus());
      },
    });
  };

  const problemText = (problem: ImageProblem): string => {
    if (problem.code === 'IMAGE_WRONG_RATIO')
      return intl.formatMessage(
        { id: 'catalogueImages.wrongSize' },
        {
          width: problem.width,
          height: problem.height,
          needWidth: IMAGE_WIDTH,
          needHeight: IMAGE_HEIGHT,
          maxWidth: IMAGE_MAX_WIDTH,
          maxHeight: IMAGE_MAX_HEIGHT,
        },
      );
    if (problem.code === 'IMAGE_TOO_LARGE')
      return intl.formatMessage(
        { id: 'catalogueImages.tooLarge' },
        {
          size: intl.formatNumber(problem.bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }),
        },
      );
    return errorText(problem.code) ?? '';
  };

  const stateText = (item: Pending): string => {
    if (item.state === 'failed') return item.problem ? problemText(item.problem) : failureText(item.error);
    return intl.formatMessage({ id: `catalogueImages.${item.state}` });
  };

  const full = product.images.length >= IMAGES_MAX;
  const canAdd = !locked && online && !full;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (canAdd) void addFiles([...event.dataTransfer.files]);
  };

  return (
    <section
      ref={sectionRef}
      className={section}
      aria-label={intl.formatMessage({ id: 'catalogue.step.images' })}
      data-testid="images-step"
    >
      <p className={mutedText}>
        {intl.formatMessage(
          { id: 'catalogueImages.rules' },
          { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, maxWidth: IMAGE_MAX_WIDTH, maxHeight: IMAGE_MAX_HEIGHT, max: IMAGES_MAX },
        )}
      </p>

      {locked ? (
        <Alert tone="info">{intl.formatMessage({ id: 'catalogueImages.locked' })}</Alert>
      ) : (
        <div
          className={dropZone}
          data-dragging={dragging && canAdd}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = canAdd ? 'copy' : 'none';
            setDragging(true);
          }}
          onDragLeave={(event) => {
            // Moving over the zone's own text and button is still over the zone.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          data-testid="images-drop"
        >
          <span>{intl.formatMessage({ id: dragging && canAdd ? 'catalogueImages.dropActive' : 'catalogueImages.drop' })}</span>
          <Button
            tone="secondary"
            disabled={!canAdd}
            aria-describedby={online ? (full ? 'images-full' : undefined) : 'images-offline'}
            onClick={() => inputRef.current?.click()}
            data-testid="images-choose"
          >
            {intl.formatMessage({ id: 'catalogueImages.choose' })}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            multiple
            hidden
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // The same file may be chosen again after a refusal.
              event.target.value = '';
              void addFiles(files);
            }}
            data-testid="images-input"
          />
          <OfflineReason id="images-offline" />
          {full ? (
            <p id="images-full" className={cx(mutedText, css({ width: '100%' }))}>
              {intl.formatMessage({ id: 'catalogueImages.full' })}
            </p>
          ) : null}
        </div>
      )}

      {pending.length > 0 ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {progress.total > 0 ? (
            <label className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
              {intl.formatMessage({ id: 'catalogueImages.progress' }, { done: progress.done, total: progress.total })}
              <progress value={progress.done} max={progress.total} className={css({ width: '100%' })} />
            </label>
          ) : null}
          <ul className={queueList} aria-label={intl.formatMessage({ id: 'catalogueImages.queue' })} data-testid="images-queue">
            {pending.map((item) => (
              <li key={item.key} className={queueRow} data-state={item.state} data-testid="images-queue-item">
                <span className={fileName}>{item.name}</span>
                <span role={item.state === 'failed' ? 'alert' : undefined} data-testid="images-queue-state">
                  {stateText(item)}
                </span>
                {item.state === 'failed' ? (
                  <Button
                    tone="ghost"
                    aria-label={intl.formatMessage({ id: 'catalogueImages.dismiss' }, { name: item.name })}
                    onClick={() => update(item.key, null)}
                  >
                    ✕
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <p className={mutedText} data-testid="images-count">
        {product.images.length === 0
          ? intl.formatMessage({ id: 'catalogueImages.empty' })
          : intl.formatMessage({ id: 'catalogueImages.count' }, { count: product.images.length, max: IMAGES_MAX })}
      </p>

      <FormFailure error={order.error} />

      {product.images.length > 0 ? (
        <ol ref={gridRef} className={grid} aria-label={intl.formatMessage({ id: 'catalogueImages.list' })} data-testid="images-grid">
          {product.images.map((image, index) => {
            const number = index + 1;
            return (
              <li key={image.id} className={tile} data-image-id={image.id} data-testid="images-tile">
                <img
                  className={picture}
                  src={image.thumbUrl}
                  width={IMAGE_WIDTH / 4}
                  height={IMAGE_HEIGHT / 4}
                  alt={intl.formatMessage({ id: 'catalogueImages.alt' }, { number })}
                />
                {index === 0 ? (
                  <Badge tone="success" className={coverBadge}>
                    {intl.formatMessage({ id: 'catalogueImages.cover' })}
                  </Badge>
                ) : null}
                {locked ? null : (
                  <div className={tileActions}>
                    <Button
                      tone="ghost"
                      data-move="earlier"
                      disabled={index === 0 || busy || !online}
                      aria-label={intl.formatMessage({ id: 'catalogueImages.earlierLabel' }, { number })}
                      onClick={() => move(index, 'earlier')}
                    >
                      <span aria-hidden="true">←</span> {intl.formatMessage({ id: 'catalogueImages.earlier' })}
                    </Button>
                    <Button
                      tone="ghost"
                      data-move="later"
                      disabled={index === product.images.length - 1 || busy || !online}
                      aria-label={intl.formatMessage({ id: 'catalogueImages.laterLabel' }, { number })}
                      onClick={() => move(index, 'later')}
                    >
                      {intl.formatMessage({ id: 'catalogueImages.later' })} <span aria-hidden="true">→</span>
                    </Button>
                    <Button
                      tone="ghost"
                      disabled={busy || !online}
                      aria-label={intl.formatMessage({ id: 'catalogueImages.deleteLabel' }, { number })}
                      onClick={() => {
                        remove.reset();
                        setToDelete({ id: image.id, number });
                      }}
                      data-testid="images-delete"
                    >
                      {intl.formatMessage({ id: 'catalogueImages.delete' })}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}

      <p role="status" className={css({ srOnly: true })}>
        {announcement}
      </p>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={intl.formatMessage({ id: 'catalogueImages.deleteTitle' }, { number: toDelete?.number ?? 0 })}
        closeLabel={intl.formatMessage({ id: 'catalogueImages.close' })}
        description={intl.formatMessage({ id: 'catalogueImages.deleteText' })}
        confirmLabel={intl.formatMessage({ id: 'catalogueImages.delete' })}
        cancelLabel={intl.formatMessage({ id: 'catalogueImages.cancel' })}
        onConfirm={confirmDelete}
        disabled={remove.isPending || !online}
      >
        <FormFailure error={remove.error} />
      </ConfirmDialog>
    </section>
  );
}
