/**
 * The custom range's date-range picker: a chunk of its own, loaded when Custom is chosen (the date
 * picker is the heaviest control of the filters, and most visits never open it).
 */
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

export type TPickerValue = [Dayjs | null, Dayjs | null] | null;

export type TCustomRangePickerProps = {
  value: TPickerValue;
  onChange: (next: TPickerValue) => void;
  /** The last day that may be chosen (YYYY-MM-DD): today's billing day. */
  lastDay: string;
  placeholder: [string, string];
  isInvalid: boolean;
};

export default function CustomRangePicker({
  value,
  onChange,
  lastDay,
  placeholder,
  isInvalid,
}: TCustomRangePickerProps) {
  return (
    <DatePicker.RangePicker
      value={value}
      onChange={(next) => onChange(next as TPickerValue)}
      disabledDate={(day) => day.format('YYYY-MM-DD') > lastDay}
      placeholder={placeholder}
      aria-invalid={isInvalid ? true : undefined}
      data-testid="billing-custom-range"
    />
  );
}
