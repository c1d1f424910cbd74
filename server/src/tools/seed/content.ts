/** Demo HTML content: help topics and the legal page. */

export const HELP_TOPICS: ReadonlyArray<{ title: string; content: string }> = [
  {
    title: 'How do I place an order?',
    content:
      '<p>Open a product, choose its specification and quantity, then tap <strong>Buy now</strong> or <strong>Add to bag</strong>.</p><ol><li>Open the bag and select the items to check out.</li><li>Choose a shipping address and, if you have one, enter a promo code.</li><li>Submit the order and pay it from your balance with your 6-digit payment code.</li></ol>',
  },
  {
    title: 'How do I top up my balance?',
    content:
      '<p>Go to <em>Me &gt; Top up</em> and choose <strong>On chain</strong>. Pick the network, copy the deposit address (or scan its QR code) and send the amount from your wallet.</p><p>Then enter the amount and upload a screenshot of the transfer as payment evidence. The top-up is credited after review, usually within 30 minutes.</p>',
  },
  {
    title: 'How do withdrawals work?',
    content:
      '<p>Go to <em>Me &gt; Withdraw</em>, choose a bank card or an on-chain address and enter the amount. A service charge is shown before you confirm.</p><p>The amount is held from your balance at once. If the withdrawal is refused, it is returned to your balance in full and the reason is shown in the withdrawal record.</p>',
  },
  {
    title: 'Refunds and returns',
    content:
      '<p>You can request a refund for a paid order from its detail page. Choose <strong>Refund only</strong> or <strong>Return and refund</strong>, give a reason and add photos.</p><h4>Good to know</h4><ul><li>One refund request per order can be open at a time.</li><li>A refund is at most the amount paid for the order.</li><li>Approved refunds go back to your balance.</li></ul>',
  },
  {
    title: 'Shipping and delivery',
    content:
      '<p>Shops ship paid orders within 48 hours. You can follow the delivery in the order detail under <em>Logistics</em>.</p><p>When the parcel arrives, tap <strong>Confirm received</strong>; you can then review each product.</p><p>A question about a parcel? Write to <a href="mailto:support@example.com">support@example.com</a> with your order number.</p>',
  },
];

export const LAW_HTML = `<h2>Terms of Service</h2>
<p>Last updated: 1 January 2025.</p>
<p>These terms govern your use of Orbit Market (the "Platform"). By creating an account you accept them.</p>
<h3>1. Accounts</h3>
<p>You are responsible for keeping your password and payment code secret. Tell us at once if you suspect that someone else uses your account.</p>
<h3>2. Orders and payment</h3>
<p>Prices are shown in US dollars. An order is binding once paid. Totals, freight and fees are computed by the Platform.</p>
<h3>3. Balance, top-ups and withdrawals</h3>
<p>Your balance is held for you and can be used to pay orders or be withdrawn. Withdrawals carry the service charge shown before you confirm. Every change to your balance appears in your fund record.</p>
<h3>4. Refunds</h3>
<p>Refund requests are reviewed by the shop and the Platform. A refund never exceeds the amount you paid for the order.</p>
<h2>Privacy Policy</h2>
<p>We store the data you give us to deliver your orders and keep your account safe:</p>
<ul>
<li>your name, email and mobile number;</li>
<li>your shipping addresses;</li>
<li>your orders, balance records and reviews.</li>
</ul>
<p>Passwords and payment codes are stored only as salted hashes. We do not sell your data.</p>
<p>Questions: <a href="mailto:support@example.com">support@example.com</a>.</p>`;
