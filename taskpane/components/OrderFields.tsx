import { Button, Checkbox, Field, Input, Link, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { ADDRESS_TYPES, FREIGHT_FORWARDER, STATE_REQUIRED_COUNTRIES } from '../../src/checkout';
import { ORDER_ENVIRONMENTS, ORDER_ENVIRONMENT_LABELS } from '../order/environment';
import { type OrderEnvironment } from '../../src/workflows/order-review';
import { type OrderForm, type TextField, type UcField, UC_REQUIRED } from '../order/order-form';
import { type ProblemPlace, type ShownProblem, problemText } from '../order/order-problems';
import type { UsedShipTo } from '../order/ship-to';
import { useInputStyles, useSectionStyles, useSelectStyles } from './styles';

export interface OrderFieldsProps {
  form: OrderForm;
  problems: readonly ShownProblem[];
  passwordHeld: 'memory' | 'remembered' | null;
  disabled: boolean;
  onField: (field: TextField, value: string) => void;
  onUc: (field: UcField, value: string) => void;
  onFreightForwarder: (on: boolean) => void;
  onRemember: (on: boolean) => void;
  onForget: () => void;
  onEnvironment: (environment: OrderEnvironment) => void;
  /** Ship-to addresses this account used before, newest first. */
  shipTos?: readonly UsedShipTo[];
  onChooseShipTo?: (id: string) => void;
  onForgetShipTo?: (id: string) => void;
}

/** The customer-service and partner fields, folded under "More" unless one is used or has a problem. */
const MORE_FIELDS: readonly TextField[] = ['customerUsername', 'partnerRegion', 'partnerCustomerNumber'];

const useStyles = makeStyles({
  fieldset: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  legend: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  used: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusCircular,
    paddingLeft: tokens.spacingHorizontalXS,
  },
  chipChosen: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  more: {
    alignSelf: 'flex-start',
  },
  subheading: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});

const UC_LABELS: Record<UcField, string> = {
  addressName: 'Name',
  companyName: 'Company',
  phoneNumber: 'Phone',
  street1: 'Street',
  street2: 'Street, second line',
  city: 'City',
  stateProvince: 'State or province',
  postalCode: 'Postal code',
  countryCode: 'Country code',
  addressType: 'Address type',
};

interface TextOptions {
  required?: boolean;
  hint?: string;
  type?: 'password' | 'email';
  autoComplete?: string;
  placeholder?: string;
}

/** What the order's field groups share: the styles, a field's own problems, and a labelled text box. */
function useFieldKit(
  form: OrderForm,
  problems: readonly ShownProblem[],
  disabled: boolean,
  onField: (field: TextField, value: string) => void,
) {
  const s = useSectionStyles();
  const sel = useSelectStyles();
  const c = useStyles();
  const inp = useInputStyles();
  const box = { className: inp.root, input: { className: inp.input } };
  const at = (place: ProblemPlace) => {
    const own = problems.filter((p) => p.place === place && p.lineKey === undefined);
    if (own.length === 0) return {};
    return { validationState: 'error' as const, validationMessage: own.map(problemText).join(' ') };
  };
  const text = (field: TextField, label: string, options: TextOptions = {}) => (
    <Field className={inp.field} label={label} required={options.required} hint={options.hint} {...at(field)}>
      <Input
        {...box}
        value={form[field]}
        type={options.type}
        autoComplete={options.autoComplete ?? 'off'}
        placeholder={options.placeholder}
        disabled={disabled}
        onChange={(_, d) => onField(field, d.value)}
      />
    </Field>
  );
  return { s, sel, c, inp, box, at, text };
}

type FieldKit = ReturnType<typeof useFieldKit>;

interface KitProps {
  kit: FieldKit;
  form: OrderForm;
  disabled: boolean;
}

/** Test or production. */
function EnvironmentField({ kit, form, disabled, onEnvironment }: KitProps & Pick<OrderFieldsProps, 'onEnvironment'>) {
  return (
    <Field
      label="Environment"
      hint={
        form.environment === 'production'
          ? 'Production: a real order with real stock.'
          : 'Test orders never touch production stock or orders.'
      }
    >
      <Select
        className={kit.sel.root}
        select={{ className: kit.sel.select }}
        value={form.environment}
        disabled={disabled}
        onChange={(_, d) => onEnvironment(d.value as OrderEnvironment)}
      >
        {ORDER_ENVIRONMENTS.map((env) => (
          <option key={env} value={env}>
            {ORDER_ENVIRONMENT_LABELS[env]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Username, password (or that one is held) and whether to remember it. */
function LoginFieldset({
  kit,
  form,
  disabled,
  passwordHeld,
  onField,
  onRemember,
  onForget,
}: KitProps & Pick<OrderFieldsProps, 'passwordHeld' | 'onField' | 'onRemember' | 'onForget'>) {
  const { c, box, at, text } = kit;
  const held =
    passwordHeld === 'remembered'
      ? 'Remembered on this computer.'
      : passwordHeld === 'memory'
        ? 'Entered earlier; kept until the pane closes.'
        : null;
  return (
    <fieldset className={c.fieldset}>
      <legend className={c.legend}>Checkout login</legend>
      {text('username', 'Username', {
        required: true,
        type: 'email',
        autoComplete: 'username',
        hint: 'The e-mail address of the ordering account.',
      })}
      <Field
        label="Password"
        required={!held}
        hint={
          held ? (
            <>
              {held}{' '}
              <Link as="button" onClick={onForget} disabled={disabled}>
                Forget it
              </Link>
            </>
          ) : (
            'Never sent as typed (only a one-way hash of it); kept in memory unless you tick Remember.'
          )
        }
        {...at('password')}
      >
        <Input
          {...box}
          type="password"
          value={form.password}
          autoComplete="current-password"
          placeholder={held ? '(remembered)' : undefined}
          disabled={disabled}
          onChange={(_, d) => onField('password', d.value)}
        />
      </Field>
      <Checkbox
        checked={form.remember}
        disabled={disabled}
        label="Remember on this computer (never in the workbook)"
        onChange={(_, d) => onRemember(d.checked === true)}
      />
    </fieldset>
  );
}

/** Ship-to addresses used before, each to choose or forget. */
function UsedShipTos({
  kit,
  form,
  disabled,
  shipTos,
  onChooseShipTo,
  onForgetShipTo,
}: KitProps & Pick<OrderFieldsProps, 'onChooseShipTo' | 'onForgetShipTo'> & { shipTos: readonly UsedShipTo[] }) {
  const { s, c } = kit;
  if (shipTos.length === 0) return null;
  return (
    <div>
      <p className={s.small} id="ship-to-used">
        Ship-to addresses used before:
      </p>
      <ul className={c.used} aria-labelledby="ship-to-used" data-testid="ship-to-used">
        {shipTos.map((e) => (
          <li key={e.id} className={`${c.chip} ${e.id === form.shipToAddressId.trim() ? c.chipChosen : ''}`}>
            <Button
              appearance="transparent"
              size="small"
              disabled={disabled}
              aria-pressed={e.id === form.shipToAddressId.trim()}
              aria-label={`Ship to ${e.id}`}
              onClick={() => onChooseShipTo?.(e.id)}
            >
              {e.id}
            </Button>
            <Button
              appearance="transparent"
              size="small"
              icon={<DismissRegular />}
              disabled={disabled}
              aria-label={`Forget ship-to ${e.id}`}
              title="Forget this address"
              onClick={() => onForgetShipTo?.(e.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ultimate destination a freight forwarder sends the parts on to. */
function UltimateDestination({ kit, form, disabled, onUc }: KitProps & Pick<OrderFieldsProps, 'onUc'>) {
  const { s, sel, c, inp, box, at } = kit;
  const country = form.uc.countryCode.trim().toUpperCase();
  const stateRequired = STATE_REQUIRED_COUNTRIES.has(country);
  return (
    <fieldset className={c.fieldset} aria-describedby="uc-hint">
      <legend className={c.legend}>Ultimate destination</legend>
      <p className={s.small} id="uc-hint">
        Where the forwarder sends the parts on. Required for a freight-forwarder ship-to address.
      </p>
      <div className={s.fieldGrid}>
        {(Object.keys(UC_LABELS) as UcField[]).map((field) =>
          field === 'addressType' ? (
            <Field key={field} className={inp.field} label={UC_LABELS[field]} required {...at(`uc.${field}`)}>
              <Select
                className={sel.root}
                select={{ className: sel.select }}
                value={form.uc.addressType}
                disabled={disabled}
                onChange={(_, d) => onUc('addressType', d.value)}
              >
                <option value="">Choose…</option>
                {ADDRESS_TYPES.filter((t) => t !== FREIGHT_FORWARDER).map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </Field>
          ) : (
            <Field
              key={field}
              className={inp.field}
              label={UC_LABELS[field]}
              required={UC_REQUIRED.includes(field) || (field === 'stateProvince' && stateRequired)}
              hint={field === 'countryCode' ? 'Two letters: US, DE, GB…' : undefined}
              {...at(`uc.${field}`)}
            >
              <Input
                {...box}
                value={form.uc[field]}
                disabled={disabled}
                maxLength={100}
                onChange={(_, d) => onUc(field, d.value)}
              />
            </Field>
          ),
        )}
      </div>
    </fieldset>
  );
}

/** The customer-service and partner fields behind "More", open while one is used or has a problem. */
function MoreFields({ kit, form, problems }: Omit<KitProps, 'disabled'> & { problems: readonly ShownProblem[] }) {
  const { s, c, text } = kit;
  const moreNeeded = MORE_FIELDS.some((f) => form[f].trim() !== '' || problems.some((p) => p.place === f));
  const [moreOpen, setMoreOpen] = useState(false);
  const showMore = moreOpen || moreNeeded;
  return (
    <>
      <Button
        className={c.more}
        appearance="subtle"
        size="small"
        icon={showMore ? <ChevronDownRegular /> : <ChevronRightRegular />}
        aria-expanded={showMore}
        aria-controls="order-more"
        disabled={moreNeeded}
        onClick={() => setMoreOpen(!moreOpen)}
      >
        More: customer service and partner
      </Button>
      {showMore && (
        <div id="order-more" className={c.fieldset} role="group" aria-label="Customer service and partner">
          {text('customerUsername', 'Order for (customer service)', {
            hint: 'Customer-service accounts only: the customer’s username.',
          })}
          <div className={s.fieldGrid}>
            {text('partnerRegion', 'Partner region')}
            {text('partnerCustomerNumber', 'Partner customer no.', { hint: 'Selects that number’s own prices.' })}
          </div>
        </div>
      )}
    </>
  );
}

/** The order's fields: environment, login, PO, addresses, options, and the ultimate destination of a freight forwarder. */
export function OrderFields({
  form,
  problems,
  passwordHeld,
  disabled,
  onField,
  onUc,
  onFreightForwarder,
  onRemember,
  onForget,
  onEnvironment,
  shipTos = [],
  onChooseShipTo,
  onForgetShipTo,
}: OrderFieldsProps) {
  const kit = useFieldKit(form, problems, disabled, onField);
  const { s, at, text } = kit;
  const shared = { kit, form, disabled };
  return (
    <>
      <EnvironmentField {...shared} onEnvironment={onEnvironment} />
      <LoginFieldset
        {...shared}
        passwordHeld={passwordHeld}
        onField={onField}
        onRemember={onRemember}
        onForget={onForget}
      />
      <div className={s.fieldGrid}>
        {text('customerPONumber', 'PO number', {
          required: true,
          hint: 'Your purchase-order number, at most 50 characters.',
        })}
        {text('shipToAddressId', 'Ship-to address id', {
          required: true,
          hint: shipTos.length > 0 ? 'Or choose one used before, below.' : undefined,
        })}
        {text('billToAddressId', 'Bill-to address id')}
        {text('discountCode', 'Discount code')}
      </div>
      <UsedShipTos {...shared} shipTos={shipTos} onChooseShipTo={onChooseShipTo} onForgetShipTo={onForgetShipTo} />
      <Field {...at('freightForwarder')}>
        <Checkbox
          checked={form.freightForwarder}
          disabled={disabled}
          label="The ship-to address is a freight forwarder"
          onChange={(_, d) => onFreightForwarder(d.checked === true)}
        />
      </Field>
      {form.freightForwarder && <UltimateDestination {...shared} onUc={onUc} />}
      <MoreFields kit={kit} form={form} problems={problems} />
    </>
  );
}
