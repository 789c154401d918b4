/** Card numbers are a scheme prefix, a serial, and a Luhn check digit, so a mistyped number is caught. */
export function loyaltyNumberFor(serial: number): string {
  const body = `63${String(serial).padStart(10, '0')}`;
  return body + luhnCheckDigit(body);
}

function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}
