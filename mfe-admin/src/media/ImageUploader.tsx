import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { UploadedImage } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { th } from '@pharmacy/ui';
import { imageFileProblem, uploadImage } from './uploadImage';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(2))};
  margin-bottom: ${th((t) => t.space(4))};
`;

const Label = styled.label`
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const FileInput = styled.input`
  font-size: ${th((t) => t.fontSizes.sm)};
  &::file-selector-button {
    margin-right: ${th((t) => t.space(3))};
    padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
    border: 1px solid ${th((t) => t.colors.brandStrong)};
    border-radius: ${th((t) => t.radii.md)};
    background: ${th((t) => t.colors.surface)};
    color: ${th((t) => t.colors.brandStronger)};
    font-weight: ${th((t) => t.fontWeights.semibold)};
    cursor: pointer;
  }
  &:focus-visible { outline: 3px solid ${th((t) => t.colors.focus)}; outline-offset: 2px; }
`;

const Preview = styled.img<{ $wide: boolean }>`
  display: block;
  width: ${(p) => (p.$wide ? '100%' : '8rem')};
  max-width: ${(p) => (p.$wide ? '30rem' : '8rem')};
  aspect-ratio: ${(p) => (p.$wide ? '3 / 1' : '1 / 1')};
  object-fit: cover;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.surfaceMuted)};
`;

const Bar = styled.progress`
  width: 100%;
  max-width: 30rem;
  height: 0.5rem;
  accent-color: ${th((t) => t.colors.brand)};
`;

const Note = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${(p) => th((t) => (p.$error ? t.colors.dangerStrong : t.colors.textMuted))(p)};
`;

export interface ImageUploaderProps {
  /** Accessible name of the file input, e.g. "Product image". */
  label: string;
  /** The image already saved (URL path), shown until a new one is chosen. */
  value?: string;
  /** Called with the uploaded image once the server has it. */
  onUploaded: (image: UploadedImage) => void;
  /** A validation message from the surrounding form. */
  error?: string | null;
  onBusyChange?: (busy: boolean) => void;
  /** Banners are wide (3:1), product images square. */
  wide?: boolean;
  /** Forget the preview after a successful upload (the feature list shows the new image instead). */
  clearOnSuccess?: boolean;
  hint?: string;
}

/** Pick an image: it previews at once, uploads with a progress bar, and reports the stored image. */
export function ImageUploader({ label, value, onUploaded, error, onBusyChange, wide = false, clearOnSuccess = false, hint }: ImageUploaderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const onBusyRef = useRef(onBusyChange);
  onBusyRef.current = onBusyChange;

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      event.target.value = '';
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onBusyRef.current?.(true);
    try {
      const image = await uploadImage(file, { onProgress: setProgress, signal: controller.signal });
      if (controller.signal.aborted) return;
      onUploaded(image);
      if (clearOnSuccess) {
        setPreview(null);
        if (inputRef.current) inputRef.current.value = '';
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setProblem(getErrorMessage(e));
      setPreview(null);
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      if (!controller.signal.aborted) {
        setProgress(null);
        onBusyRef.current?.(false);
      }
    }
  };

  const shown = preview ?? (value || null);
  const message = problem ?? error ?? null;
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      {shown && <Preview src={shown} alt={`Preview of the ${label.toLowerCase()}`} $wide={wide} />}
      <FileInput
        ref={inputRef}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={onChange}
        aria-describedby={describedBy}
        aria-invalid={message ? true : undefined}
        disabled={progress !== null}
      />
      {hint && (
        <Note id={`${id}-hint`}>{hint}</Note>
      )}
      {progress !== null && (
        <>
          <Bar max={100} value={Math.round(progress * 100)} aria-label={`Uploading ${label.toLowerCase()}`} />
          <Note>Uploading… {Math.round(progress * 100)}%</Note>
        </>
      )}
      {message && (
        <Note id={`${id}-error`} role="alert" $error>
          {message}
        </Note>
      )}
    </Wrapper>
  );
}
