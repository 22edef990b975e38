import type { BlogCategory } from "~/domain/blog-categories";
import type { PostFormat } from "~/platform/schema";

export type DemoPost = {
  title: string;
  excerpt: string;
  category: BlogCategory;
  published: boolean;
  /** How long before seeding the post was written, so the list looks like a journal kept over months. */
  daysAgo: number;
  content: string;
  /** HTML unless said otherwise (new posts are written in Markdown). */
  format?: PostFormat;
};

const DISCLAIMER = `<p><em>This article is general information, not tax, legal or investment advice. Rules change and every situation differs; speak with a qualified professional before acting.</em></p>`;

export const DEMO_POSTS: DemoPost[] = [
  {
    title: "Tax-Loss Harvesting Is a Year-Round Discipline, Not a December Ritual",
    excerpt:
      "Most investors think about realizing losses in the last two weeks of the year. The families who benefit most treat it as a standing process with clear rules, and coordinate it with everything else on their balance sheet.",
    category: "tax-planning",
    published: true,
    daysAgo: 18,
    content: `
<p>Every December, advisory desks fill with the same request: find some losses before the year closes. It is a sensible instinct, but by then the opportunity has usually shrunk. Markets rarely wait for the calendar, and the sharpest drawdowns of a given year tend to recover long before the holidays. A loss that existed in April may be a gain by December.</p>
<p>For families with meaningful taxable portfolios, tax-loss harvesting works best as a <strong>standing discipline</strong>: a set of rules that are checked whenever markets move, rather than a scramble at year-end.</p>
<h2>What harvesting actually does</h2>
<p>When a position trades below its cost basis, selling it realizes a capital loss. That loss offsets realized gains elsewhere in the portfolio and, beyond that, a limited amount of ordinary income each year, with any excess carried forward. The proceeds are reinvested in a similar, but not substantially identical, exposure so that the portfolio's risk and market participation stay intact.</p>
<p>The benefit is a deferral, not a gift. The replacement holding now has a lower basis, so more gain will be realized if it is sold later. The value comes from three places:</p>
<ul>
<li><strong>Time.</strong> Tax deferred is capital that stays invested and compounds.</li>
<li><strong>Rate arbitrage.</strong> A harvested loss may offset short-term gains taxed at ordinary rates, while the deferred gain may eventually be taxed at long-term rates, or never, if the asset passes at death with a step-up in basis.</li>
<li><strong>Flexibility.</strong> A bank of carried-forward losses makes later decisions, such as diversifying a concentrated position, far less expensive.</li>
</ul>
<h2>Rules worth writing down</h2>
<p>A harvesting policy does not need to be complicated, but it should be explicit. The families we see doing this well agree on a handful of thresholds with their advisor in advance:</p>
<ol>
<li><strong>A trigger.</strong> For example, act when a lot is down a set percentage and the realized loss exceeds a minimum dollar amount, so that trading costs and effort are justified.</li>
<li><strong>Approved replacements.</strong> Decide ahead of time which fund or index exposure replaces each holding, so trades can be made quickly and without debate.</li>
<li><strong>Wash-sale controls across every account.</strong> The wash-sale rule looks at purchases of the same or substantially identical security within thirty days before or after the sale, including purchases in a spouse's accounts and in IRAs. Dividend reinvestment plans are a common accidental trigger.</li>
<li><strong>A return path.</strong> Decide whether and when to move back into the original holding once the window has passed.</li>
</ol>
<h2>Where it goes wrong</h2>
<p>The most common mistake is letting the tax tail wag the investment dog. A replacement that drifts far from the original exposure introduces tracking error that can cost more than the tax saved. The second is fragmentation: when a family has assets at several custodians, managed by different people, no one sees the whole picture and wash sales slip through.</p>
<blockquote><p>Harvesting is only as good as the coordination behind it. The accounts you forget about are the ones that undo the trade.</p></blockquote>
<p>Direct indexing, in which an investor owns the individual constituents of an index rather than a fund, has made harvesting far more granular. Even in a rising market, some individual stocks fall, and each one is a potential loss to realize. It is a powerful tool for larger taxable accounts, though it brings more line items, more statements and the need for careful oversight.</p>
<h2>Connecting it to the rest of the plan</h2>
<p>Harvesting is most valuable when it is linked to a specific future event: the sale of a business, the exercise of options, a rebalancing away from a legacy position, or a planned gift. An advisor who knows those plans can build a reserve of losses in the years before they are needed.</p>
<p>If your portfolio is spread across several firms, or you are unsure whether anyone is watching for these opportunities during the year, it is worth a conversation. Our <a href="/matching">matching process</a> can introduce you to tax-aware advisors who manage this as a matter of routine.</p>
${DISCLAIMER}`,
  },
  {
    title: "Five Questions to Ask Before You Update Your Estate Plan",
    excerpt:
      "Estate documents age quietly. A marriage, a move, a liquidity event or a change in the law can leave a carefully drafted plan pointing in the wrong direction. These five questions reveal whether yours needs attention.",
    category: "estate-planning",
    published: true,
    daysAgo: 41,
    content: `
<p>Most estate plans are signed with relief and then filed away. Years pass. Children grow up, businesses are sold, homes are bought in other states or countries, and tax law shifts more than once. The documents stay the same. When they are finally read, often at the worst possible moment, they describe a family and a balance sheet that no longer exist.</p>
<p>A full review does not need to start with a lawyer's invoice. It starts with five honest questions.</p>
<h2>1. Do the people named still make sense?</h2>
<p>Executors, trustees, guardians and agents under powers of attorney are chosen for who they were at the time of signing. Ask whether each person is still willing, still capable and still the right fit. A sibling who was an obvious trustee fifteen years ago may now be in their late seventies. A corporate trustee may have merged twice. Successor appointments matter just as much as the first choice.</p>
<h2>2. Does every asset actually follow the plan?</h2>
<p>A will or revocable trust governs only the assets that pass through it. Retirement accounts, life insurance and many investment accounts pass by <strong>beneficiary designation</strong>, and jointly held property passes by title. We regularly see plans undone by an old designation naming a former spouse or a trust that no longer exists.</p>
<ul>
<li>Request current beneficiary confirmations from every custodian and insurer.</li>
<li>Check how real estate and brokerage accounts are titled.</li>
<li>Confirm that assets meant for a trust were in fact moved into it.</li>
</ul>
<h2>3. Has the size or shape of your wealth changed?</h2>
<p>Crossing certain thresholds changes which strategies are worth the cost. A family that was comfortably below the federal estate tax exemption may now be well above it after a business sale or years of market growth. Conversely, a plan built around complex trusts may be more than is needed today. Illiquid assets such as private company shares, real estate or art also raise a practical question: if taxes are due, where will the cash come from?</p>
<h2>4. Have you moved, or do you own property elsewhere?</h2>
<p>States differ on estate and inheritance taxes, community property and the formalities for valid documents. Property held in another state can require a separate probate proceeding unless it is held in trust. For internationally mobile families, the issues multiply: domicile, treaties, forced heirship rules and the recognition of trusts abroad all come into play.</p>
<h2>5. Do your heirs know what to expect?</h2>
<p>The most technically perfect plan can still produce conflict if it arrives as a surprise. You do not have to disclose figures, but explaining the structure, the reasoning and the people involved can prevent years of litigation and strained relationships.</p>
<blockquote><p>An estate plan is a set of instructions to people you love, written for a day you will not be there to explain them.</p></blockquote>
<h2>When to review</h2>
<p>A light review every three years, and a full one after any major life or financial event, is a sensible rhythm. Triggers include marriage or divorce, the birth of a child or grandchild, a death in the family, a sale of a business, a move across state or national borders, and significant changes in tax law.</p>
<p>Estate planning sits where law, tax and family meet, so it usually needs more than one professional. If you would like an estate attorney and a wealth advisor who work well together, <a href="/contact">tell us about your situation</a> and we will suggest a shortlist.</p>
${DISCLAIMER}`,
  },
  {
    title: "Choosing a Wealth Advisor Who Shares Your Values",
    excerpt:
      "Credentials and performance matter, but they are table stakes. The relationships that last are built on shared priorities: how you think about risk, family, legacy and the role money should play in your life.",
    category: "wealth-management",
    published: true,
    daysAgo: 67,
    content: `
<p>When families describe why they left an advisor, they rarely mention returns. They talk about feeling unheard, about recommendations that seemed to serve the firm more than the family, about a lack of interest in the things that mattered to them: a foundation, a family business, a child with special needs, a commitment to investing in line with their beliefs.</p>
<p>Technical competence is essential, and you should verify it. But it is the starting point of the search, not the end.</p>
<h2>Start with your own priorities</h2>
<p>Before meeting anyone, write down what you want your wealth to do. Not return targets, but purposes. Security for a spouse. Independence for children without dependence on inheritance. A philanthropic legacy. The ability to retire from an operating business on your own terms. These purposes shape every later decision, from asset allocation to trust design.</p>
<p>Then consider how you like to work:</p>
<ul>
<li>Do you want to be consulted on every decision, or to delegate within agreed limits?</li>
<li>How often do you want to meet, and in what format?</li>
<li>Should your spouse, children or other advisors be part of the conversation?</li>
<li>Are there industries or practices you will not invest in?</li>
</ul>
<h2>Questions that reveal alignment</h2>
<p>In an introductory meeting, the most useful questions are open ones. Ask a prospective advisor to describe a client relationship that went wrong and what they learned. Ask how they handled a client who wanted to do something they disagreed with. Ask what they would do in the first ninety days of working with you.</p>
<p>Listen for whether they ask about you before they present their process. An advisor who leads with product has told you something important.</p>
<h2>Verify the essentials</h2>
<p>Values alignment does not replace due diligence. For every candidate, confirm:</p>
<ol>
<li><strong>Fiduciary status</strong>, in writing, for all the advice you will receive.</li>
<li><strong>Compensation</strong>: how the advisor and the firm are paid, including any revenue from products, custody or lending.</li>
<li><strong>Regulatory history</strong>, through public disclosure databases.</li>
<li><strong>Credentials and experience</strong> relevant to your situation, whether that is business succession, cross-border planning or concentrated stock.</li>
<li><strong>Team and continuity</strong>: who actually does the work, and what happens if your advisor leaves.</li>
</ol>
<blockquote><p>The right advisor will be as interested in why you want something as in how to achieve it.</p></blockquote>
<h2>Why we match on values</h2>
<p>WealthMatch exists because finding this combination by referral alone is slow and uneven. Every professional in our network has been vetted for credentials, experience and regulatory standing. Our matching then considers the things that determine whether a relationship will work: your objectives, your preferences for communication and involvement, and the values you want reflected in how your wealth is managed.</p>
<p>The result is a short list of three to five professionals, each of whom you can meet without obligation. You remain in control of the decision; we simply make sure the people across the table are worth your time. <a href="/register">Start your profile</a> to see who we would recommend.</p>
${DISCLAIMER}`,
  },
  {
    title: "Concentrated Stock Positions: A Practical Guide for Founders and Executives",
    excerpt:
      "Wealth is often built through concentration and preserved through diversification. For founders and executives holding a single stock, the path from one to the other needs to balance tax, risk, restrictions and emotion.",
    category: "investment",
    published: true,
    daysAgo: 96,
    content: `
<p>Many of the largest fortunes began with a concentrated position: a founder's equity, years of accumulated restricted stock, or an early stake in a company that grew beyond all expectations. Concentration is how that wealth was created. It is rarely how it is kept.</p>
<p>A single stock can fall by half, or more, for reasons that have nothing to do with the quality of the business: a sector sell-off, a regulatory change, a failed product. For someone whose net worth is mostly one company, that volatility is not an abstraction. It decides whether a family's goals remain within reach.</p>
<h2>Why diversifying feels so hard</h2>
<p>The obstacles are real, and they are not only financial.</p>
<ul>
<li><strong>Low cost basis.</strong> Selling triggers a large capital gain, and the tax can feel like an immediate, certain loss.</li>
<li><strong>Restrictions.</strong> Insiders face trading windows, lock-ups and reporting obligations.</li>
<li><strong>Identity and loyalty.</strong> Founders and long-tenured executives often feel that selling signals a lack of confidence in their own company.</li>
<li><strong>Anchoring.</strong> The stock's peak price becomes a reference point, making any sale below it feel like a mistake.</li>
</ul>
<h2>The main tools</h2>
<p>No single technique fits everyone, and most plans combine several.</p>
<h3>Staged selling</h3>
<p>Selling a fixed portion each quarter or year spreads the tax across periods and removes the pressure of timing the market. For insiders, a pre-arranged trading plan under securities rules can allow sales on a set schedule, even during periods when they hold non-public information, provided it is adopted in good faith and respects the required cooling-off period.</p>
<h3>Hedging</h3>
<p>Protective puts, collars and prepaid variable forward contracts can limit downside while deferring a sale. They carry costs, complexity and tax rules of their own, and insiders may be prohibited from using them by company policy.</p>
<h3>Exchange funds</h3>
<p>An exchange fund pools concentrated positions from many investors into a diversified portfolio. Contributors receive a share of the whole without a taxable sale, though they typically must remain invested for several years and accept limited control over the mix.</p>
<h3>Charitable strategies</h3>
<p>Donating appreciated shares directly, or contributing them to a charitable remainder trust, can remove the gain from the tax base while supporting causes you care about. A charitable remainder trust can also provide an income stream for years.</p>
<h3>Estate transfers</h3>
<p>Moving shares to the next generation through trusts, particularly when values are depressed, can shift future growth out of the taxable estate. This addresses estate tax rather than investment risk, so it is usually paired with another approach.</p>
<h2>Set a target, then a timeline</h2>
<p>A good plan begins with a number: what share of your net worth can sensibly remain in one company? The answer depends on your spending needs, other assets, time horizon and how much you could lose without changing how you live. From there, an advisor can map a timeline that balances tax, risk and restrictions.</p>
<blockquote><p>The question is not whether the company will do well. It is whether your family's plans should depend on it.</p></blockquote>
<p>These decisions involve tax, legal and investment judgment at once. If you hold a concentrated position, look for an advisor who has managed this transition for others in your situation. <a href="/contact">Tell us about your holdings</a> and we can introduce you to specialists in equity compensation and founder liquidity.</p>
${DISCLAIMER}`,
  },
  {
    title: "Fiduciary Duty Explained: What Your Advisor Legally Owes You",
    excerpt:
      "\"Fiduciary\" appears in almost every advisor's marketing. What the word actually requires, when it applies and where its limits lie are far less widely understood, and the differences can be expensive.",
    category: "legal",
    published: true,
    daysAgo: 128,
    content: `
<p>Few words in finance carry as much weight, or as much ambiguity, as <em>fiduciary</em>. It appears on websites, in pitch books and in introductory meetings. Yet many clients could not say precisely what it obliges their advisor to do, whether it applies to every recommendation, or what happens if it is breached.</p>
<h2>The core duties</h2>
<p>A fiduciary is someone who has agreed to act in another person's interest in a relationship of trust. For investment advisers, that relationship is governed by two central obligations:</p>
<ul>
<li><strong>The duty of care.</strong> Advice must be suitable and based on a reasonable understanding of your objectives, circumstances and risk tolerance. It includes a duty to seek the best execution of trades and to monitor the relationship over time where that is part of the service.</li>
<li><strong>The duty of loyalty.</strong> The adviser must not place their own interests ahead of yours. Conflicts of interest must be eliminated or fully and fairly disclosed so that you can give informed consent.</li>
</ul>
<p>Trustees, executors and agents acting under a power of attorney owe fiduciary duties too, often stricter ones, defined by state law and by the documents that appoint them.</p>
<h2>Not every professional is a fiduciary all the time</h2>
<p>The same individual may wear several hats. A financial professional might act as an investment adviser in one account and as a broker in another, or sell insurance through a separate affiliate. Broker-dealers are held to a best-interest standard when recommending securities to retail customers, which is meaningful but is not identical to an adviser's ongoing fiduciary duty. Insurance sales are governed by yet another set of rules.</p>
<p>The practical lesson: ask which role the professional is playing for each recommendation, and get the answer in writing.</p>
<h2>Conflicts that deserve a question</h2>
<ol>
<li>Proprietary funds or products managed by the advisor's own firm.</li>
<li>Revenue sharing or payments from fund companies and platforms.</li>
<li>Commissions on insurance, annuities or alternative investments.</li>
<li>Fees that rise with assets moved in-house, such as recommending you borrow against your portfolio rather than sell.</li>
<li>Referral arrangements with lawyers, accountants or lenders.</li>
</ol>
<p>Disclosure of a conflict does not make a recommendation wrong. It does mean you should understand it, weigh it and, where the stakes are high, seek a second opinion.</p>
<blockquote><p>A fiduciary promise is only as strong as your understanding of where it begins and ends.</p></blockquote>
<h2>If you believe a duty has been breached</h2>
<p>Keep records of recommendations, account statements and correspondence. Many advisory agreements require disputes to go to arbitration rather than court, and limitation periods apply, so it is wise to speak to a securities or fiduciary litigation attorney promptly. Regulators also accept complaints, and public disclosure records can show whether others have raised similar concerns.</p>
<h2>What we require of our network</h2>
<p>Every professional listed with WealthMatch is vetted for regulatory history and must disclose how they are compensated. Advisors who manage client assets must confirm the standard of care under which they work. It is part of why clients can begin conversations with confidence, and it is why we encourage every client to keep asking the questions above. Learn more on our <a href="/security">security and privacy</a> page, or <a href="/contact">contact our team</a> with questions.</p>
${DISCLAIMER}`,
  },
  {
    title: "Preparing for a Liquidity Event: A Twelve-Month Plan",
    excerpt:
      "The sale of a business or a public listing can change a family's finances in a single day. The decisions made in the year around that day, many of them before the deal closes, often matter more than the headline price.",
    category: "financial-planning",
    published: true,
    daysAgo: 159,
    content: `
<p>For many entrepreneurs, a sale or listing is the culmination of decades of work. It is also the moment when the financial planning questions stop being theoretical. Tax, structure, family and personal identity converge on a single closing date, and many of the most valuable options expire before it arrives.</p>
<p>This is the framework we see the best-prepared founders follow, starting roughly a year before the expected event.</p>
<h2>Twelve to nine months before: assemble the team</h2>
<p>Deal advisors focus on the transaction. You also need people focused on you: a wealth advisor, a tax specialist and an estate attorney who will coordinate with the corporate lawyers and bankers. Early on, they should:</p>
<ul>
<li>Estimate after-tax proceeds under different deal structures, such as an asset sale versus a stock sale, or cash versus stock consideration and earn-outs.</li>
<li>Review whether any shares qualify for special treatment, such as the exclusion available for certain qualified small business stock.</li>
<li>Map which family members, trusts and entities hold shares today.</li>
</ul>
<h2>Nine to six months before: move what can still be moved</h2>
<p>Transfers to trusts or family members are far more efficient while the company's value is still uncertain and before a signed letter of intent fixes a price. Gifting or selling shares to a trust, funding a charitable vehicle with pre-sale stock, or considering a change of residence all need time and careful documentation. Once a deal is effectively certain, many of these options lose most of their value or become inadvisable.</p>
<blockquote><p>The most expensive words in liquidity planning are "we'll deal with that after closing".</p></blockquote>
<h2>Six to one month before: design life after the deal</h2>
<p>Founders consistently underestimate how much the sale changes daily life. Use this period to answer practical questions:</p>
<ol>
<li>What will you spend each year, and what portfolio does that require?</li>
<li>How much cash will you hold for taxes due, and where?</li>
<li>What are your commitments under the purchase agreement: non-competes, employment terms, escrows and earn-outs?</li>
<li>What will you tell your family, and when?</li>
</ol>
<h2>Closing day and the first ninety days</h2>
<p>When the proceeds arrive, the best first step is usually a deliberate pause. Park the cash in high-quality, short-term instruments, set aside the estimated tax and avoid major commitments until the plan is agreed. Unsolicited pitches will arrive in volume. There is no investment so urgent that it cannot wait a few weeks for proper diligence.</p>
<h2>Three to twelve months after: build the structure</h2>
<p>With the dust settled, implement the long-term plan: a diversified investment policy, an updated estate plan reflecting the new balance sheet, insurance and liability coverage suitable for your profile, and, if philanthropy matters to you, a donor-advised fund or foundation. Many families also formalise governance at this stage, with regular meetings and clear roles for the next generation.</p>
<h2>Finding the right people</h2>
<p>Not every advisor has guided clients through a liquidity event. Look for professionals who have done it many times, who coordinate naturally with deal counsel and who can show how they worked with founders in similar industries. WealthMatch can introduce you to a shortlist of such specialists within a day. <a href="/register">Create your profile</a> to begin.</p>
${DISCLAIMER}`,
  },
  {
    title: "Liability Protection for Affluent Households: Closing the Gaps",
    excerpt:
      "As wealth grows, so does exposure to lawsuits and uninsured losses. Standard policies were not written for multiple homes, valuable collections, household staff or public profiles, and the gaps tend to appear at the worst time.",
    category: "insurance",
    published: true,
    daysAgo: 204,
    content: `
<p>Insurance is one of the least discussed parts of a wealth plan and one of the most consequential. A portfolio can be carefully diversified and an estate plan expertly drafted, yet a single uninsured claim can reach assets that took decades to build. The households most at risk are often those whose lives have grown more complex faster than their coverage.</p>
<h2>Why wealth increases exposure</h2>
<p>Plaintiffs and their lawyers look for defendants who can pay. A car accident, an injury at a property, a dispute with a contractor or a statement on social media can lead to claims far larger than the underlying event would suggest. Several common features of affluent households add risk:</p>
<ul>
<li>Multiple homes, sometimes in different states or countries, each with its own policies and renewal dates.</li>
<li>Household employees such as nannies, drivers and housekeepers.</li>
<li>Teenage and young adult drivers.</li>
<li>Board seats on non-profit and private company boards.</li>
<li>Valuable collections: art, jewellery, wine or classic cars.</li>
<li>Pools, boats, and property used by guests.</li>
</ul>
<h2>The core of a sound program</h2>
<h3>Personal umbrella liability</h3>
<p>An umbrella policy sits above home and auto coverage and pays once their limits are exhausted. Many households carry a limit chosen years ago that no longer reflects their net worth. A useful starting point is to compare the limit with the assets a judgment could reach, and to confirm the umbrella covers every property, vehicle and driver.</p>
<h3>Property coverage written for the real home</h3>
<p>Replacement cost estimates drift as construction costs rise. High-value homes benefit from periodic appraisals and from guaranteed or extended replacement cost provisions. Homes in wildfire, flood or windstorm areas need particular attention, since standard policies may exclude or limit those perils.</p>
<h3>Collections</h3>
<p>Valuable items are often underinsured under a homeowner's policy, which may cap coverage per item or per category. Scheduled or blanket collections coverage, supported by current appraisals, usually provides broader protection, including for items in transit or on loan.</p>
<h3>Employment practices liability</h3>
<p>Anyone who employs household staff faces potential claims of wrongful termination, discrimination or harassment. Employment practices liability insurance for households is inexpensive relative to the cost of defending such a claim.</p>
<h3>Directors and officers coverage</h3>
<p>Serving on a board can expose personal assets. Confirm that every organization you serve has adequate coverage, and that your own umbrella does not exclude board service.</p>
<blockquote><p>The best time to find a gap in your coverage is during a review, not during a claim.</p></blockquote>
<h2>Insurance inside the broader plan</h2>
<p>Coverage decisions interact with asset ownership. Property held in trusts or companies must be insured in the right name. Life insurance used for estate liquidity should be owned in a way that keeps proceeds out of the taxable estate. An annual review with an independent broker, coordinated with your wealth advisor and estate attorney, keeps these pieces aligned.</p>
<p>If your policies have not been reviewed as a whole for several years, start with a simple inventory: every policy, its limits, its insured parties and its renewal date. Our network includes risk advisors who specialize in complex households; <a href="/contact">ask for an introduction</a>.</p>
${DISCLAIMER}`,
  },
  {
    title: "How to Prepare for a First Meeting With a Financial Professional",
    excerpt:
      "A first conversation with an advisor, attorney or accountant is more useful when you arrive with the right documents, a few clear questions and an honest picture of what you want your money to do.",
    category: "general",
    published: true,
    daysAgo: 9,
    format: "markdown",
    content: `
Most people walk into a first meeting with a financial professional hoping to be told what to do. The meetings that lead somewhere look different: the client arrives with a short list of facts, a few priorities and questions that reveal how the professional thinks. An hour spent preparing usually saves several hours of back and forth later.

## Gather the facts before the meeting

You do not need a perfect balance sheet, but you do need a reasonable one. Bring, or send ahead:

- **A list of accounts and assets** with approximate values: investment and retirement accounts, property, business interests and cash.
- **Debts and obligations**, including mortgages, lines of credit and any personal guarantees.
- **Your latest tax return**, which tells a professional more about your situation than almost any other single document.
- **Existing plans**: wills, trusts, insurance policies and any agreements with previous advisors.

If some of this is scattered, say so. Knowing where the gaps are is useful information in itself.

## Decide what you want the money to do

Numbers describe where you are; goals describe where you want to go. Before the meeting, write down three things you would like your wealth to make possible in the next ten years, and one thing you worry could go wrong. A good professional will turn those sentences into priorities, trade-offs and a plan. Vague goals produce vague advice.

> The most valuable thing you bring to a first meeting is a clear description of what a good outcome looks like for you.

## Ask questions that reveal how they work

Credentials matter, but so does fit. Useful questions include:

1. How are you paid, and do you receive anything from the products you recommend?
2. Are you acting as a fiduciary in every part of our relationship?
3. Who else on your team would work on my affairs, and how often would we speak?
4. What would you need from me in the first ninety days?
5. Can you describe a client situation like mine and what you did?

Listen for direct answers. A professional who explains fees plainly and admits what falls outside their expertise is usually one who will keep doing so.

## After the meeting

Take notes the same day while the conversation is fresh. Compare what you heard with what you hoped to hear, and notice whether you felt listened to. If you meet more than one professional, ask each the same questions so that the answers can be compared fairly.

Finally, do not feel obliged to decide on the spot. A professional worth working with will respect the time you take to choose, and will be glad that you prepared.

_This article is general information, not tax, legal or investment advice. Rules change and every situation differs; speak with a qualified professional before acting._`,
  },
  {
    title: "What Clients Are Asking Us This Year",
    excerpt:
      "A working draft collecting the questions we hear most often from wealth creators, to be expanded into a fuller outlook once our professionals have added their perspectives.",
    category: "general",
    published: false,
    daysAgo: 3,
    content: `
<p>Each year we gather the questions that come up most often in conversations between clients and the professionals in our network. They are a useful barometer of what is on the minds of wealth creators, and they shape the topics we cover in this journal.</p>
<h2>The themes so far</h2>
<ul>
<li><strong>Cash and short-term yields.</strong> How much liquidity is too much, and what is the cost of holding it?</li>
<li><strong>Private markets.</strong> Are private credit and private equity appropriate for families without an institutional-sized portfolio?</li>
<li><strong>Next-generation readiness.</strong> How should children be introduced to family wealth, and at what age?</li>
<li><strong>Residency and mobility.</strong> What are the financial consequences of moving to another state or country?</li>
<li><strong>Advisor fees.</strong> How do you know whether you are paying a fair price for the service you receive?</li>
</ul>
<h2>Early observations</h2>
<p>Two patterns stand out in the conversations so far. First, clients are asking fewer questions about market forecasts and more about structure: who owns what, how decisions are made and what happens if a key person is unavailable. Second, the questions increasingly come from couples and families together rather than from a single decision-maker. Both trends suggest that wealth creators want advice that is less about picking investments and more about building a system that works for everyone involved, including the generation that will one day inherit it.</p>
<p>We also hear a steady stream of questions about working with more than one professional at once. Families want their advisor, attorney and accountant to talk to one another without the client acting as a go-between.</p>
<h2>Still to come</h2>
<p>We are collecting perspectives from advisors, estate attorneys and tax specialists on each of these themes. Their answers will be added here before this outlook is published.</p>
<p>In the meantime, if there is a question you would like our network to address, <a href="/contact">send it to us</a>. The most common questions become articles.</p>
<h2>Notes for editors</h2>
<p>Each theme needs at least two contributing professionals and a short summary of the practical takeaway. Links to earlier articles on tax-loss harvesting, liquidity events and fiduciary duty should be added where relevant. The final version should run between eight hundred and a thousand words, with a brief introduction explaining how the questions were gathered and a closing note on how readers can put the same questions to a matched professional through the platform.</p>
<p>Before publishing, confirm that no figures or forecasts are attributed to individual professionals without their written approval, and that each contributor has reviewed the wording of their section.</p>
${DISCLAIMER}`,
  },
];
