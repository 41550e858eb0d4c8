import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  EPRESCRIPTION_TOKEN_PATTERN,
  PRESCRIPTION_FILE_TYPES,
  PRESCRIPTION_LIMITS,
  formatEPrescriptionToken,
  prescriptionFileProblem,
  type ShopperPrescription,
} from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Card, Field, Input, MutedText, Textarea, media, th, toast } from '@pharmacy/ui';
import { prescriptionsApi } from './api';

const Box = styled(Card)`
  padding: ${th((t) => t.space(4))};
  display: grid;
  gap: ${th((t) => t.space(5))};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
  h2 {
    margin: 0 0 ${th((t) => t.space(2))};
    font-size: ${th((t) => t.fontSizes.lg)};
  }
  form {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
`;
const Bar = styled.progress`
  width: 100%;
  height: 0.5rem;
`;

const TOKEN = new RegExp(EPRESCRIPTION_TOKEN_PATTERN);
const ACCEPT = PRESCRIPTION_FILE_TYPES.join(',');

interface Props {
  /** The medicine page the shopper came from (`?productId=`), linked to what they send. */
  productId?: string;
  /** The server kept it: the page shows it at the top of the list. */
  onAdded: (prescription: ShopperPrescription) => void;
}

/**
 * Add a prescription (docs/product.md#my-prescriptions): a photo or PDF of a paper one (the phone's camera offered,
 * type and size checked before anything is sent, progress while it goes), or an electronic prescription's token
 * (checked as typed, dashes put in). A refusal keeps what the shopper chose or typed, with the server's words.
 */
export function AddPrescription({ productId, onAdded }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [token, setToken] = useState('');
  const [tokenProblem, setTokenProblem] = useState<string | null>(null);
  const [sendingToken, setSendingToken] = useState(false);
  const tokenComplete = TOKEN.test(token);

  function choose(chosen: File | null) {
    setFile(chosen);
    setFileProblem(chosen ? prescriptionFileProblem(chosen) : null);
  }

  async function upload(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setFileProblem('Choose a photo or PDF of your prescription first.');
      fileInput.current?.focus();
      return;
    }
    const problem = prescriptionFileProblem(file);
    if (problem) {
      setFileProblem(problem);
      return;
    }
    setProgress(0);
    try {
      const added = await prescriptionsApi.upload(file, { productId, note: note.trim() || undefined }, { onProgress: setProgress });
      onAdded(added);
      setFile(null);
      setNote('');
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: 'Prescription sent', description: 'A pharmacist will check it; we email you when it is checked.' });
    } catch (error) {
      setFileProblem(getErrorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  async function sendToken(e: FormEvent) {
    e.preventDefault();
    if (!tokenComplete) {
      setTokenProblem('Enter the 18 letters and digits of the token, as on your prescription (for example 9D4C80-A83008-5DC6FA).');
      return;
    }
    setSendingToken(true);
    setTokenProblem(null);
    try {
      onAdded(await prescriptionsApi.addToken({ token, ...(productId ? { productId } : {}) }));
      setToken('');
      toast({ title: 'Electronic prescription added', description: 'A pharmacist will check it; we email you when it is checked.' });
    } catch (error) {
      setTokenProblem(getErrorMessage(error));
    } finally {
      setSendingToken(false);
    }
  }

  const uploading = progress !== null;
  return (
    <Box as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ gridColumn: '1 / -1', margin: 0 }}>
        Add a prescription
      </h2>
      <form aria-labelledby={`${id}-paper`} onSubmit={(e) => void upload(e)} noValidate>
        <h2 id={`${id}-paper`}>Photo or PDF</h2>
        <Field label="Your paper prescription" hint="A clear photo of the whole page, or a PDF: JPEG, PNG, WebP or PDF, up to 10 MB." error={fileProblem}>
          <Input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            // phones offer the camera beside the files
            capture="environment"
            disabled={uploading}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Field label="Note to the pharmacist (optional)">
          <Textarea rows={2} maxLength={PRESCRIPTION_LIMITS.note} value={note} disabled={uploading} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {uploading && (
          <div role="status">
            <Bar max={100} value={Math.round(progress * 100)} aria-label="Sending your prescription" />
            <MutedText>Sending… {Math.round(progress * 100)}%</MutedText>
          </div>
        )}
        <Button type="submit" loading={uploading} loadingLabel="Sending your prescription">
          Send for checking
        </Button>
      </form>
      <form aria-labelledby={`${id}-token`} onSubmit={(e) => void sendToken(e)} noValidate>
        <h2 id={`${id}-token`}>Electronic prescription</h2>
        <Field
          label="Prescription token"
          hint="The 18-character code your prescriber gave you, for example 9D4C80-A83008-5DC6FA."
          error={tokenProblem}
        >
          <Input
            value={token}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            pattern={EPRESCRIPTION_TOKEN_PATTERN}
            disabled={sendingToken}
            onChange={(e) => {
              setToken(formatEPrescriptionToken(e.target.value));
              setTokenProblem(null);
            }}
          />
        </Field>
        <MutedText aria-live="polite">{token === '' ? '' : tokenComplete ? 'Token complete.' : `${typedChars(token)} of 18 characters.`}</MutedText>
        <Button type="submit" variant="secondary" loading={sendingToken} loadingLabel="Adding your electronic prescription">
          Add electronic prescription
        </Button>
      </form>
    </Box>
  );
}

const typedChars = (token: string) => token.replace(/-/g, '').length;
