import type { Account } from '#shared/api/common.ts';
import { cardBalanceLabel } from '#shared/domain/exchange.ts';
import { formatMoney } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Barcode, barcodeHeights } from '../ui/barcode.tsx';
import styles from './membership-card.module.css';

interface MembershipCardProps {
  account: Pick<Account, 'cardNumber' | 'fullName' | 'cashBalance' | 'currency' | 'vipLevel' | 'accessRules'>;
  /** Tapping the barcode opens the barcode view; only offered when points exchange is on (SPEC §2). */
  onOpenBarcode?: () => void;
  disabled?: boolean;
}

/**
 * SPEC §2 Membership card: the card number as a barcode, the pass balance with its §4 label when
 * points exchange is on (a brand graphic when off), "Discount: level", printable at 378 px.
 */
export function MembershipCard({ account, onOpenBarcode, disabled }: MembershipCardProps) {
  const config = useConfig();
  const m = useMessages().card;
  const exchangeOn = config.enablePointsExchange;
  const label = cardBalanceLabel(account.cashBalance, account.accessRules.canRedeem);
  const barcode = (
    <Barcode
      value={account.cardNumber}
      height={barcodeHeights.card}
      label={m.cardNumber(account.cardNumber)}
      disabled={disabled}
    />
  );
  return (
    <article className={styles.card} aria-label={m.label}>
      <header className={styles.top}>
        <span className={styles.brand}>{config.shortTitle}</span>
        <span className={styles.kind}>{m.label}</span>
      </header>
      <div className={styles.middle}>
        <div>
          <p className={styles.name}>{account.fullName}</p>
          {exchangeOn && account.vipLevel ? (
            <p className={styles.discount}>{m.discount(account.vipLevel)}</p>
          ) : null}
        </div>
        {exchangeOn ? (
          <div className={styles.balance}>
            <span className={styles.balanceCaption}>{m.cashBalance}</span>
            <span className={styles.money}>
              {formatMoney(account.cashBalance, account.currency, config.locale)}
            </span>
            {label ? (
              <span className={label === 'readyToSpend' ? styles.ready : styles.unavailable}>{m[label]}</span>
            ) : null}
          </div>
        ) : (
          <BrandGraphic />
        )}
      </div>
      {exchangeOn && onOpenBarcode ? (
        <button
          type="button"
          className={styles.barcodeButton}
          onClick={onOpenBarcode}
          aria-label={m.openBarcode}
        >
          {barcode}
        </button>
      ) : (
        <div className={styles.barcodePanel}>{barcode}</div>
      )}
      <div className={`${styles.actions} no-print`}>
        <button type="button" className={styles.print} onClick={() => window.print()}>
          {m.print}
        </button>
      </div>
    </article>
  );
}

/** The scheme's monogram, shown instead of the balance when points exchange is off. */
function BrandGraphic() {
  return (
    <svg
      className={styles.graphic}
      viewBox="0 0 64 64"
      role="img"
      aria-hidden="true"
      data-testid="brand-graphic"
    >
      <circle cx="32" cy="32" r="30" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="32" cy="32" r="24" fill="none" stroke="currentColor" strokeWidth="0.75" />
      <path
        d="M20 42 L20 22 L32 36 L44 22 L44 42"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
