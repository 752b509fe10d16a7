/**
 * The admin's Reviews settings: the words that hold a review for the admin, and how many days
 * after delivery the review-request mail goes.
 */
import { useForm } from 'react-hook-form';
import type { ReviewsSettings, SettingsRecord } from '@repo/shared';
import { SettingsForm } from '@/components/settings-form';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { showIssuesOn, useSettingsSection } from '@/lib/use-settings-section';

interface ReviewsForm {
  heldWords: string;
  requestDays: string;
}

/** "scam, rubbish\nfake" → ['scam', 'rubbish', 'fake']: commas and line breaks separate words. */
export const wordList = (text: string) =>
  text
    .split(/[,\n]+/)
    .map((w) => w.trim())
    .filter(Boolean);

export function ReviewsSettingsForm({ record }: { record: SettingsRecord<ReviewsSettings> }) {
  const { save, saving } = useSettingsSection('reviews');
  const form = useForm<ReviewsForm>({
    defaultValues: {
      heldWords: record.value.heldWords.join(', '),
      requestDays: String(record.value.requestDays),
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const days = values.requestDays.trim() === '' ? Number.NaN : Number(values.requestDays);
    await save(
      { heldWords: wordList(values.heldWords), requestDays: days },
      // Each word's issue ("heldWords.2") shows on the one text field.
      showIssuesOn(form, (path) => path.split('.')[0]!),
    );
  });

  return (
    <SettingsForm
      title="Reviews"
      description="Reviews are published at once unless they hold a link, very short text or one of these words: then they wait for you on the Reviews page."
      record={record}
      saving={saving}
      onSubmit={submit}
    >
      <TextAreaField
        label="Held words"
        hint="Separated by commas or line breaks; whole words, any case."
        rows={3}
        error={errors.heldWords?.message}
        {...form.register('heldWords')}
      />
      <TextField
        label="Review request: days after delivery"
        hint="The buyer is asked for a review this many days after their order arrived (once per order)."
        type="number"
        inputMode="numeric"
        min={1}
        max={60}
        step={1}
        error={errors.requestDays?.message}
        {...form.register('requestDays')}
        fieldClassName="max-w-xs"
      />
    </SettingsForm>
  );
}
