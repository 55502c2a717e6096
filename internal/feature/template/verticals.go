package template

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"svc/internal/platform/apperr"
	"svc/internal/platform/textfold"
)

// regulatedVerticals is the Stage A keyword screen of interface section 2.3
// rule 5: a text containing one of these phrases is rejected outright,
// before any classifier review. Maintenance rules:
//
//   - Phrases are specific enough that an ordinary utility or marketing
//     text does not contain them: "payday loan", not "loan"; "sports
//     betting", not "bet". Single words only where the word itself names
//     the vertical (casino, bitcoin, forex).
//   - Write phrases as people write them, accents included; matching folds
//     case and accents on both sides, so "prestamo rapido" and "PRÉSTAMO
//     RÁPIDO" both match "préstamo rápido".
//   - Matching is on whole words: a text's words are its runs of letters
//     and digits, so punctuation, hyphens and spaces all separate words
//     ("Online-Casino" matches "online casino"). Each word of a phrase
//     also matches with a plural "s" ("payday loans"); list other
//     inflections (Spanish "-es", German compounds) explicitly.
//   - A slot may list alternatives separated by "|" ("lotto syndicate|syndicates",
//     "sol|xrp gbp|usd"): each spelling is a phrase of its own
//     (phraseVariants), held to these rules as one.
//   - English first, then Spanish, Portuguese, German and French.
//
// The screen covers what a recipient reads: header, body and footer texts,
// button labels, the example values that show what a parameter will hold
// (fields.go), and a URL button's host and path (validate.go). It does not
// read the template name. Texts are unmasked first (textfold.Unmask), so a
// disguised "c4sino" is the word it hides.
var regulatedVerticals = []struct {
	Name    string
	Phrases []string
}{
	{lending, []string{
		"payday loan", "cash advance", "instant loan", "quick loan", "fast loan", "easy loan", "personal loan",
		"guaranteed loan", "loan approval", "pre-approved loan", "preapproved loan", "no credit check",
		"bad credit loan", "title loan", "installment loan", "emergency loan", "debt consolidation",
		"low interest loan", "borrow money", "apply for a loan", "microloan",
		"préstamo rápido", "préstamos rápidos", "préstamo personal", "préstamos personales", "crédito rápido",
		"préstamo sin aval",
		"antecipe seu FGTS", "antecipação do FGTS", "antecipação do saque-aniversário", "saque-aniversário",
		"empréstimo pessoal", "empréstimo consignado", "empréstimo rápido", "crédito consignado", "crédito fácil",
		"Sofortkredit", "Kredit ohne Schufa", "Privatkredit", "Schnellkredit", "Blitzkredit", "crédit personnel", "TAEG", "effektiver Jahreszins",
		"custo efetivo total", "APR representative",
		// The notice French law puts on every consumer credit offer.
		"un crédit vous engage",
		// Furniture and electronics sold on credit ("0 % Finanzierung:
		// Ratenkredit über 36 Monate").
		// Credit extended by a card's limit, bought in instalments, or
		// debts merged into one.
		"credit limit increase", "increase your credit limit", "higher credit limit", "aumento de límite",
		// Credit repair sold to qualify for a loan.
		"credit repair", "raise your credit score", "remove late payments", "from your credit report", "reparación de crédito",
		"limpiar tu buró", "limpar seu nome", "schufa bereinigen",
		"Limiterhöhung", "augmentation de plafond", "aumentar seu limite", "aumento do limite", "limite pode subir", "Ratenkauf", "Finanzierungskauf", "reunificación de deudas",
		"reunificar deudas", "reunificar tus préstamos", "reunifica tus deudas", "consolidación de deudas",
		"Ratenkredit", "0 % Finanzierung", "0% financing", "0% APR financing", "financiación al 0 %", "financement à 0 %",
		"prêt rapide", "crédit rapide", "prêt personnel", "rachat de crédit", "crédit à la consommation",
		// Cash drawn from a home as a loan ("release tax-free cash from your
		// home with a lifetime mortgage").
		"equity release", "lifetime mortgage", "release tax-free cash", "unlock the value in your home", "reverse mortgage",
		"unlock tax-free cash", "tax-free cash you could unlock", "later life lending", "home equity line", "heloc",
		"tarjeta revolving", "crédito revolving", "revolving credit", "autorisation de découvert",
		"ley de segunda oportunidad", "cancelar|cancela|elimina|eliminar tus|sus deudas",
		"for a fraction of what you owe", "settle your|the|it debt|debts for a fraction", "refrendo desde", "mejor avalúo en efectivo", "penhor de joias", "dinheiro do penhor", "empeño de joyas",
		"hipoteca inversa", "hipoteca reversa", "Umkehrhypothek", "prêt viager hypothécaire",
		// Phones and goods sold on credit with the credit's own words.
		"no hard credit check", "0% APR", "get approved in seconds", "get approved in minutes",
		"effektivem Jahreszins", "Modernisierungskredit", "Finanzierung anfragen",
		"loan approved", "get a loan", "instant cash", "quick cash", "cash loan", "préstamo aprobado",
		"dinero rápido", "empréstimo aprovado", "dinheiro rápido", "crédito pré-aprovado", "Kredit sofort",
		"prêt approuvé", "argent rapide",
		// An advance on pay is a loan against the next payday.
		"salary advance", "payday advance", "paycheck advance", "pay advance", "adelanto de nómina",
		"adelanto de sueldo", "adelanto de salario", "adiantamento salarial", "adiantamento de salário",
		"Gehaltsvorschuss", "Lohnvorschuss", "avance sur salaire", "empréstimo para negativados",
		"crédito para negativados", "préstamo sin buró", "préstamos sin buró", "crédito sin buró",
		"préstamo online", "empréstimo online", "Online-Kredit", "prêt en ligne", "online loan",
		"factura en resguardo", "sigue manejándolo", "keep driving your car", "ohne auskunftei", "sofortzusage",
		"zählt kein eintrag", "no credit pull", "repaid from your next paycheck", "repay from your next paycheck", "los devuelves cuando cobres",
		"devolve quando receber o salário", "mit dem nächsten gehalt zurück", "remboursé sur votre prochain salaire", "ohne schufa",
		"consolidate your debt", "consolidate your debts", "consolidate your bills", "consolida tus deudas",
		"consolide suas dívidas", "Schulden umschulden", "regroupez vos crédits", "regroupement de crédits",
		// A loan by who backs it.
		"guarantor loan", "préstamo con aval", "empréstimo com fiador", "Bürgschaftskredit", "prêt avec garant",
		// Credit named by its legal small print or its form: a car leased
		// with an option to buy, "subject to status" (a checkout's
		// instalment option alone stays marketing, as "payez en 3 fois
		// sans frais" in the classifier's families).
		"aumenta tu préstamo", "amplía tu préstamo", "aumente seu empréstimo", "augmentez votre prêt",
		"erhöhen Sie Ihren Kredit", "increase your loan",
		"subject to status", "en LOA", "location avec option d'achat", "sous réserve d'acceptation du dossier",
		// A card or an app that builds a credit record, and wages paid
		// before payday.
		"build your credit", "build your score", "credit builder", "reports to all 3 bureaus", "historial en Buró",
		"historial crediticio", "construyes tu historial", "earned wage access", "earned wages", "salaire déjà gagné",
		"salario ya ganado", "salário já trabalhado",
		// Credit products by their names, and the warnings the law puts on
		// them ("Your home may be repossessed if you fall behind").
		"remortgage with us", "your home may be repossessed", "home equity loan", "business loan", "business loans",
		"line of credit", "debt write-off", "individual voluntary arrangement", "car finance deal",
		"sin revisar buró", "cotiza tu crédito", "crédit travaux", "prêt travaux", "crédit renouvelable", "crédit conso",
		"Rahmenkredit", "Abrufkredit", "Anschlussfinanzierung",
		"rent-to-own", "renta con opción a compra", "alquiler con opción a compra", "aluguel com opção de compra",
		"Mietkauf", "location-vente", "debt relief program", "debt settlement", "cut what you owe", "reduce what you owe",
		"apply for our card", "crediário", "fixed rate ends", "fixed rate is ending", "fixed rate ending", "réserve d'argent",
		"prêt à tempérament", "Wohnkredit", "Firmenkredit", "Unternehmenskredit", "mehrere Kredite", "Kredite zusammenfassen",
		"year fix from", "year fixed rate from", "no credit needed", "no credit required", "settle for less than you owe",
		"less than you owe", "Kleinkredit", "0% balance transfers", "0% balance transfer",
		"equity in our home", "equity in your home", "your home could unlock", "check my equity", "and own it in",
		"con la tarjeta de la tienda", "quiero crédito", "quiero mi crédito", "quiero un préstamo", "nur noch eine Rate",
		"lösen Ihre alten Verträge ab", "zu viele Raten", "Festhypothek", "valeur de votre maison en capital",
		"valeur de votre logement en capital", "pay in 4", "qualify for debt relief", "on PCP", "remortgage deal",
		"prêt professionnel", "Raten zu null Prozent", "cheque especial foi aumentado|ampliado", "immobilienverrentung", "ballonfinanzierung",
		"in einer günstigen Rate zusammen",
		// Lease-to-own, store cards and car credit asked for on a button,
		// pawn by its mechanics, and Mexico's housing credit.
		"lease-to-own", "apply for a store card", "apply for our store card", "simuler mon crédit", "simulez votre crédit",
		"crédit auto", "product transfer rate", "product transfer rates", "déjalas en prenda", "déjalos en prenda",
		"dinero por tus joyas", "dinheiro pelas suas joias", "bargeld gegen pfand", "wir beleihen", "crédito infonavit",
		"crédito para vivienda", "crédito fovissste", "payez en 4x", "payez en 3x", "paiement en 4x", "paiement en 3x",
		"en 4x sans frais", "en 3x sans frais",
		// Debt settlement by its mechanics: the creditors negotiated with.
		"verhandeln mit ihren gläubigern", "negotiate with your creditors", "negociamos con tus acreedores",
		"negociamos com seus credores", "négocions avec vos créanciers", "tarjeta departamental",
		// Loans against a car's logbook, a line of credit by its Quebec name,
		// what the lender can lend.
		"logbook loan", "borrow against your motor", "borrow against your car", "marge de crédit", "te podemos prestar",
		"podemos prestarte", "we can lend you", "podemos te emprestar",
		// Borrowing against a car or a home asked for on a button, a fix
		// switched to, a paid fantasy league.
		"borrow against my car", "borrow against your home", "borrow against my home", "year fix at",
		"as your guarantor", "trae tu hipoteca", "private student loan", "remortgage rates",
	}},
	{gambling, []string{
		// Tipsters' words: an accumulator, a pick of the day, a VIP group
		// of forecasts.
		"giros en la máquina",
		"acca", "accas", "accumulator tips", "get your bets on", "tipsters", "pick del día", "picks del día",
		"pronósticos vip", "palpites vip", "tipps vip",
		"sports betting", "sportsbook", "online casino", "casino", "casino bonus", "free spins", "free bet",
		"place a bet", "place your bet", "bet now", "betting odds", "betting tips", "slot machine", "online slots",
		"online poker", "roulette", "blackjack", "bookmaker", "lottery ticket", "scratch card", "deposit bonus",
		"parlay",
		// Scratch games and paid fantasy contests with a prize pool.
		"ticket à gratter", "tickets à gratter", "scratchcard", "prize pool", "Preisgeld im Topf", "instant win cards|games", "fancy a scratch",
		"compte joueur", "gratter|grattez un ticket", "90-ball", "75-ball",
		"draft your lineup", "Millionaire Maker", "fantasy contest", "fantasy football contest",
		"apuestas deportivas", "apuesta deportiva", "casino en línea", "tragamonedas", "tragaperras",
		"giros gratis", "apuesta gratis",
		"apostas esportivas", "aposta esportiva", "cassino online", "caça-níqueis", "rodadas grátis",
		"jogo do bicho", "fezinha", "cassino", "cassinos",
		"Wettguthaben", "Tippguthaben", "betting credit", "betting credits", "crédito de apuestas", "crédito para apostas", "crédit de paris",
		"Sportwetten", "Freispiele", "Spielautomaten", "Glücksspiel", "Online-Spielbank", "Spielothek", "betting", "bookie", "apuestas", "apostas",
		"aposte agora", "apueste ahora", "jetzt wetten", "pariez", "apostar agora|já", "apuesta|apostar ahora|ya",
		"paris sportifs", "casino en ligne", "machines à sous", "tours gratuits", "pari gratuit",
		"offerts aux paris", "offerts au paris", "offerts pour vos paris", "offert pour vos paris", "pari remboursé",
		// Lotteries sell a chance of a prize, whatever the ticket is called.
		"lottery", "lotto", "lotería", "décimo de lotería", "lotería de navidad", "Lotterie",
		"décimo de Navidad", "décimos de Navidad", "lotería del Niño", "Sorteo de Navidad", "décimo para el sorteo",
		"gratteux", "trade on the outcome", "bet on the outcome", "grattage en ligne", "au grattage",
		"times your entry", "first lineup", "the more you buy the better your chances", "house raffle", "guaranteed tournament",
		"yes or no on", "real-world events", "first entry matched", "your entry matched", "best odds guaranteed", "each-way bets",
		"Buy-in nur", "buy yes or no", "free poker chips",
		"poker tournament", "Quote von", "auf einen Heimsieg",
		"courez la chance de gagner",
		"Lotterielos", "loterie", "Sportwette", "Wettbonus", "Wettanbieter", "EuroMillions", "EuroMillones",
		"Mega-Sena", "Powerball", "Eurojackpot", "raspadinha", "Rubbellos", "jeu à gratter", "jeux à gratter",
		"rasca y gana", "online bingo", "bingo online", "bingo en línea",
		// Lotteries by their draws' names.
		// Prediction markets, deposit matches, skin cases and withdrawn
		// winnings are betting by other names.
		"bonus auf deine einzahlung", "bonus auf ihre einzahlung", "bono en tu primer depósito", "bono sobre tu depósito",
		"bônus no seu depósito", "bônus no primeiro depósito", "bonus sur votre dépôt", "bonus sur votre premier dépôt",
		"bonus on your deposit", "bonus on your first deposit",
		// Sweepstakes casinos, accumulators and poker tournaments in their
		// own jargon.
		"horário pagante", "horários pagantes", "estratégia da banca", "gestão de banca", "slip of the day", "zur quote",
		"cachito", "cachitos", "sweeps coin", "sweeps coins", "sweepstakes casino", "spin the reels", "redeem your winnings", "both teams to score",
		"ambos marcan", "ambas marcam", "beide teams treffen", "les deux équipes marquent", "a tenner returns", "fourfold",
		"4 fold", "5 fold", "las ciegas suben", "blinds go up", "re entradas", "re entries", "bingo jackpot",
		"prediction market", "prediction markets", "event contracts", "yes or no contracts", "deposit match", "withdraw winnings",
		"withdraw your winnings", "cash out your winnings", "retira tus ganancias", "saque seus ganhos", "retirez vos gains",
		"case opening", "skin gambling", "cs2 cases", "cajas de cs2", "caixas de cs2", "cs go cases", "gana skins", "ganhe skins",
		"melate", "chispazo", "progol", "lotofácil", "lotomania", "quina de são joão", "mega millions", "bonoloto",
		"la primitiva", "el gordo de navidad", "lotto 6aus49", "6aus49", "keno", "superenalotto",
		// Card games and slot machines played for money.
		"ruleta", "roleta", "site de paris", "sites de paris", "paris offerts", "pari offert", "premier pari", "paris remboursés",
		"video slots", "loto", "freeroll", "freerolls", "quinté", "tiercé", "quarté", "paris hippiques", "apuestas hípicas",
		"apostas em cavalos", "Pferdewetten", "quiniela", "Spielcasino",
		// Spain's state lotteries, by their draws and tickets.
		"Sorteo Extraordinario de Navidad", "Lotería Nacional", "décimo del sorteo", "décimos de lotería",
		"Spielbank", "jackpot progressif", "progressive jackpot", "casino online", "apostar online",
		"bet365", "betano", "bwin",
		// Slot and crash games named by their titles, and the bookmaker's
		// slang for a bet and its boosts, stand for the vertical unnamed.
		"Freidrehungen", "Freirunden", "Gratisdrehungen", "tiradas gratis", "tours offerts", "trading automatisé",
		"ozempic natural", "natural ozempic", "nature s ozempic", "ozempic brasileiro", "ozempic vegetal",
		"fortune tiger", "tigrinho", "jogo do tigrinho", "jogo do tigre", "gates of olympus", "sweet bonanza",
		"book of ra", "plinko", "crash game", "aviator game", "jogo do aviãozinho", "aviãozinho", "enhanced odds",
		"boosted odds", "odds boost", "price boost", "acca boost", "acca insurance", "accumulator bet", "fancy a flutter",
		"have a flutter", "bet slip", "betslip", "tipster", "cote boostée", "cotes boostées", "cuota mejorada",
		"cuotas mejoradas", "cuota potenciada", "cuotas potenciadas", "odd turbinada", "odds turbinadas", "odd aumentada",
		"odds aumentadas", "Quotenboost", "erhöhte Quote", "erhöhte Quoten", "Kombiwette", "validez votre grille",
		// A bar's own book on a match ("Tippt auf den Sieger und gewinnt:
		// Quote 3,5... Einsatz ab 5 €").
		"tippt auf den Sieger", "tippen Sie auf den Sieger", "Einsatz ab", "Wetteinsatz", "Wettquote", "bet on the winner",
		"apuesta al ganador", "aposte no vencedor", "pariez sur le vainqueur",
		"jouez votre grille", "texas hold em", "hold em", "combinado de apuestas", "apuesta combinada", "aposta múltipla",
		// Free bets, the regulator's mandatory footers, spread betting and
		// bingo rooms.
		"bonus bet", "bonus bets", "bet credits", "apuesta extra", "aposta grátis", "begambleaware", "gambleaware",
		"when the fun stops", "jouer comporte des risques", "juega con responsabilidad", "jogue com responsabilidade",
		"spielen kann süchtig machen", "glücksspiel kann süchtig machen", "spread betting", "spread bet", "spread account",
		"go long or short", "bingo rooms", "bingo room", "eyes down", "momio", "momios",
		// The responsible-gambling line every licensed bookmaker must print,
		// and a sportsbook's picks and slips.
		"overs and unders", "yes shares", "yes contracts", "jeux de grattage", "jeu de grattage", "gordo de navidad", "décimos del gordo", "de gains à se partager", "jackpot is", "ligas pagas", "paid leagues", "ligas pagadas", "win real money", "gewinne echtes geld", "echtes geld gewinnen", "gana dinero real",
		"ganhe dinheiro real", "gagnez de l argent réel", "brieflos", "sala de bingo", "salas de bingo", "play responsibly", "gamble responsibly", "bet responsibly", "picks before kickoff", "tippgemeinschaft", "tippgemeinschaften", "90-ball bingo", "75-ball bingo", "bingo ticket|tickets", "lotto syndicate|syndicates", "lottery syndicate|syndicates", "peña de lotería", "peñas de lotería", "lock in your picks",
	}},
	{"forex or crypto", []string{
		// Memecoins pushed before a listing.
		"early holders", "before the cex listing", "100x gem",
		// Returns paid out on a schedule by an investment club.
		"club de inversión", "te pagan rendimientos", "pagamos rendimientos", "rendimientos cada semana", "rendimientos semanales",
		"rendimentos semanais", "weekly returns", "wöchentliche rendite", "rendements hebdomadaires",
		"forex", "currency trading", "fx trading", "binary options", "crypto", "cryptocurrency", "crypto trading",
		"crypto investment", "buy crypto", "Token kaufen", "auf der Blockchain", "buy tokens", "comprar tokens", "bitcoin", "ethereum", "dogecoin", "altcoin", "stablecoin",
		"memecoin", "token presale", "initial coin offering", "nft drop", "trading signals", "copy trading",
		"copy our trades", "copy my trades",
		// Trades copied from others, and funded-trader challenges.
		"Kopiere die Trades", "copia automáticamente las operaciones", "copia las operaciones",
		"copie as operações", "copiez les trades", "Popular Investor", "capital at risk", "Top-Trader", "mitinvestieren",
		"Desafio Trader", "trader challenge", "opere com o nosso capital", "trade with our capital", "copiar nuestras operaciones", "copia nuestras operaciones", "copie nossas operações",
		"copiar nossas operações", "kopieren Sie unsere Trades", "copiez nos trades", "copier nos trades",
		"guaranteed returns", "double your money", "multiply your money", "multiplica tu dinero", "duplica tu dinero",
		"multiplique seu dinheiro", "dobre seu dinheiro", "verdoppeln Sie Ihr Geld", "vervielfachen Sie Ihr Geld",
		"doublez votre argent", "multipliez votre argent",
		"criptomoneda", "criptomonedas", "opciones binarias", "comercio de divisas",
		"criptomoeda", "criptomoedas", "opções binárias",
		"Kryptowährung", "Kryptowährungen", "Krypto", "cripto", "Devisenhandel", "binäre Optionen",
		"cryptomonnaie", "crypto-monnaie", "options binaires", "trading de devises",
		"trading bot", "guaranteed profit", "guaranteed profits", "daily returns", "usdt",
		// Gold sold as an investment.
		"invest in gold", "invierta en oro", "invierte en oro", "invista em ouro", "in Gold investieren", "investissez dans l'or",
		"investir dans l'or", "gold bullion", "Goldbarren und Silbermünzen", "lingots d'or", "lingotes de oro",
		"barras de ouro", "gold IRA", "bot de trading", "daily profits", "beneficios diarios", "ganancias diarias",
		"lucros diários", "tägliche Gewinne", "profits quotidiens", "trading fees",
		"kopieren Sie automatisch die Trades", "die Trades unserer", "tradingbot|tradingbots", "copia en automático las operaciones", "copia|copie automáticamente a nuestros traders",
		"copy our expert|pro|top traders", "copie nossos traders", "copy their|his|her trades", "nova moeda digital", "nueva moneda digital", "buy yes|no at", "per contract if you re right",
		"invierte en lingotes", "invertir en lingotes|oro", "invista em lingotes", "investir em ouro|lingotes", "invest in bullion", "invierte|invertir en acciones", "invista|investir em ações", "invest in stocks",
		"in aktien investieren", "investissez en actions", "gestaked|gestakt", "antes de que llegue a los exchanges", "avant son listing", "vivre du trading", "vivir del trading", "viver de trading",
		"vom trading leben", "live off trading", "double your returns",
		"copie automaticamente as operações", "copiez automatiquement les trades|positions", "automatically copy the trades", "copy the trades of|from", "unser Token", "Token-Vorverkauf",
		"Kopieren Sie die Trades", "investment bars", "buy physical gold", "gold savings plan", "Gold-Sparplan", "onzas de oro",
		"plusvalía garantizada", "plus-value garantie", "valorização garantida", "garantierte Wertsteigerung", "Festzins garantiert",
		"beteiligen Sie sich ab", "duplica tu inversión", "double your investment", "duplique seu investimento",
		"zum Vorverkaufspreis", "buy-to-let investment", "fractional ownership",
		"ganancias garantizadas", "rentabilidad garantizada", "lucro garantido", "rendimento garantido",
		"garantierte Rendite", "rendement garanti", "profits garantis",
		"btc", "staking", "stake your", "airdrop", "nft", "cloud mining", "crypto mining", "cfd", "cfd trading",
		"trading de cfd", "CFD-Handel",
		"signaux de trading", "señales de trading", "sinais de trading", "Trading-Signale", "Tradingsignale",
		"trading signal",
		"meme coin", "memecoins", "criptoactivo", "criptoactivos", "criptoativo", "criptoativos", "cryptoactif",
		"cryptoactifs", "Kryptobörse", "Kryptobörsen", "Kryptohandel", "Kryptowerte", "Krypto-Börse",
		"solana", "binance", "tether", "sol gbp|usd|eur|usdt|usdc|brl|mxn", "xrp gbp|usd|eur|usdt|usdc|brl|mxn", "ada gbp|usd|eur|usdt|usdc|brl|mxn", "doge gbp|usd|eur|usdt|usdc|brl|mxn", "bnb gbp|usd|eur|usdt|usdc|brl|mxn", "ltc gbp|usd|eur|usdt|usdc|brl|mxn", "avax gbp|usd|eur|usdt|usdc|brl|mxn", "matic gbp|usd|eur|usdt|usdc|brl|mxn", "shiba inu", "trading robot", "robô de trading",
		"robô de investimento", "robot de trading", "robot de inversión", "Handelsroboter", "Handelsbot",
		"Trading-Roboter", "margin trading", "day trading", "trading account", "conta de trading",
		"cuenta de trading", "Trading-Konto", "compte de trading", "fx signals", "forex signals", "day trade", "daytrade",
		// DeFi by what it offers: French "défi" alone is a challenge.
		"crypto yield", "yield account", "defi protocol", "defi protocols", "defi yield", "defi yields", "defi staking",
		"defi platform", "defi wallet", "defi lending", "usdc", "yield farming", "liquidity pool", "tokenized", "tokenised",
		"tokenizado", "tokenizados", "tokenizadas", "tokenisierte", "tokenisiert", "tokenisé", "tokenisés",
		// Tokens sold as an investment by another name ("jetons numériques
		// adossés à l'or").
		"digital token", "digital tokens", "jetons numériques", "jeton numérique", "tokens digitales", "token digital",
		"tokens digitais", "digitale Token", "gold backed token", "gold backed tokens", "jetons adossés à l or",
		"tokens respaldados por oro", "tokens lastreados em ouro", "goldgedeckte Token",
		// Trading sold by its machinery (a platform, an algorithm, a robot,
		// a signals room) and the foreign-exchange market by its own name.
		"trading platform", "plataforma de trading", "plateforme de trading", "Trading-Plattform", "Tradingplattform",
		"ai trading", "trading ia", "trading con ia", "trading com ia", "automated trading", "trading automatizado",
		"trading automático", "trading automatique", "automatisierter Handel", "algorithme de trading",
		"algoritmo de trading", "algoritmo de inversión", "Trading-Algorithmus", "trading algorithm", "mercado de divisas",
		"mercado cambiario", "mercado de câmbio", "Devisenmarkt", "marché des changes", "marché des devises",
		"foreign exchange market", "currency pairs", "pares de divisas", "pares de moedas", "Währungspaare",
		"paires de devises", "grupo de sinais", "grupo vip de sinais", "sala de sinais", "sala vip de sinais",
		"grupo de señales", "connect your wallet", "conecta tu wallet", "conecta tu billetera", "conecte sua carteira",
		"verbinde dein Wallet", "verbinden Sie Ihr Wallet", "connectez votre portefeuille", "connectez votre wallet",
		"satoshi", "satoshis", "halving", "digital gold", "oro digital", "ouro digital", "digitales Gold", "or numérique",
		"xrp", "cardano", "polkadot", "litecoin", "coin presale", "presale token", "preventa de tokens", "pré-venda de tokens",
		// Digital assets and foreign currencies traded.
		"mineração em nuvem", "minería en la nube", "minage cloud", "minage dans le cloud", "mining pool",
		"digital assets", "activos digitales", "ativos digitais", "digitale Vermögenswerte", "actifs numériques",
		"operar divisas", "operar en divisas", "invertir en divisas", "operar forex", "operar moedas", "Devisen handeln",
		"trader des devises", "fx bot", "forex bot", "eur usd bot", "fx traders", "fx trader", "our traders grow",
		// Signal rooms and trading robots under their sellers' names, and
		// the index futures day traders are sold robots for.
		"copy the trades", "mirror trades", "mirror the trades", "stop loss", "take profit", "hashrate", "hash rate",
		"mining contract", "contrato de minería", "contrato de hashrate", "higher or lower in", "call it right and",
		"on every trade", "sube o baja en", "sobe ou desce em", "steigt oder fällt in", "monte ou descend en", "groupe de signaux", "signal group", "signalgruppe",
		"grupo vip de señales", "vip signals", "signals group", "señales vip", "sinais vip",
		"robô trader", "robôs trader", "robot trader", "trader robot", "bot trader",
		// Prop-trading challenges sell a funded account for a fee.
		"funded account", "funded trader", "prop firm", "prop trading", "trading challenge", "cuenta fondeada", "conta financiada",
		"mesa proprietária", "compte financé",
		"mini índice", "minicontrato", "mini dólar",
		"moneditas digitales", "criptomonedita", "criptomoneditas",
		// Metals in a retirement account, bullion by the bar, property
		// sold as tokens, copy trading.
		"precious metals ira", "lingots et pièces", "ladrillo digital", "tijolo digital", "a los mejores traders",
		"copy the best traders", "copie os melhores traders", "copias automáticamente", "nos meilleurs traders",
		"copiez automatiquement", "nuestros mejores traders", "nossos melhores traders", "unsere besten trader",
		"our best traders", "de l or physique", "goldsparplan", "garantierter rendite",
		// Property in tokens, French property funds and their legal warning,
		// money said to double.
		"por meio de tokens", "scpi", "perte en capital", "invest in physical gold", "physical gold bars",
		"tu dinero se duplica", "seu dinheiro dobra", "your money doubles", "dein geld verdoppelt sich", "votre argent double",
		"anual garantizado", "garantizado anual", "anual garantido", "guaranteed annual return", "rendimiento asegurado",
		"rendimento assegurado", "multiplica tu inversión", "multiplique seu investimento", "multiply your investment",
		"multipliez votre investissement", "duplica tus beneficios", "duplique seus lucros", "double your profits",
		"doublez vos bénéfices", "verdoppeln sie ihre gewinne", "multipliez votre mise", "multiply your stake", "lock in guaranteed",
		"feste rendite", "festen rendite", "fester rendite",
	}},
	{healthClaims, []string{
		"of your body weight", "vigor masculino de volta", "miracle cure", "miracle pill", "weight loss pill", "diet pill", "lose weight fast",
		"guaranteed weight loss", "burn fat fast", "fat burner", "cures cancer", "cure cancer", "cure for cancer",
		"cure diabetes", "reverse diabetes", "reverse aging", "male enhancement", "erectile dysfunction",
		"no prescription needed", "without a prescription", "clinically proven to cure", "100% natural cure",
		"immune booster",
		// A pregnancy guaranteed by a fertility treatment.
		"guaranteed pregnancy", "pregnancy guaranteed", "guarantees pregnancy", "guarantee pregnancy", "garantizamos el embarazo",
		"garantiza el embarazo", "embarazo garantizado", "garante a gravidez", "garantiert eine schwangerschaft",
		"garantit une grossesse",
		"garantimos a gravidez", "gravidez garantida", "schwangerschaft garantiert", "garantierte schwangerschaft",
		"grossesse garantie", "garantissons la grossesse",
		// A remedy said to work without the drugs or their side effects.
		"without side effects", "no side effects", "without medication", "sin efectos secundarios",
		"sin necesidad de medicación", "sin medicación", "sin medicamentos", "sem efeitos colaterais", "sem remédios",
		"sem medicamentos", "ohne Nebenwirkungen", "ohne Medikamente", "sans effets secondaires", "sans médicaments",
		"cura milagrosa", "pastillas para adelgazar", "bajar de peso rápido", "adelgazar rápido", "quema grasa",
		"emagrecer rápido", "remédio milagroso", "perder peso rápido", "cura do câncer", "pílula milagrosa",
		"Wundermittel", "Wunderheilung", "schnell abnehmen", "Abnehmpillen", "Fettverbrenner",
		"remède miracle", "perte de poids rapide", "maigrir vite", "pilule minceur", "guérit le cancer",
		// Sexual performance promised.
		"last longer in bed", "harder erections", "stronger erections", "durar más en la cama",
		"erecciones más firmes", "durar mais na cama", "ereções mais firmes", "länger durchhalten im Bett",
		"stärkere Erektionen", "tenir plus longtemps au lit", "érections plus fermes", "bigger penis",
		"penis enlargement", "agrandamiento del pene", "aumento peniano", "Penisvergrößerung",
		"agrandissement du pénis",
		// Cancer treated without chemotherapy, and eyesight without glasses.
		"sin quimio", "sin quimioterapia", "without chemo", "without chemotherapy", "sem quimio", "sem quimioterapia",
		"ohne chemo", "ohne chemotherapie", "sans chimio", "sans chimiothérapie", "jetez vos lunettes",
		"throw away your glasses", "tira tus gafas|lentes", "jogue fora seus óculos", "werfen sie ihre brille weg",
		// Erectile trouble ended, anxiety calmed, weight lost without a
		// diet, sleep in minutes.
		"last longer and perform better", "erektionsprobleme", "erektionsproblemen", "potenzprobleme", "potenzproblemen",
		"problemas de erección", "disfunción eréctil", "disfunção erétil", "dysfonction érectile", "troubles de l érection",
		"calm your anxiety", "fall asleep in minutes", "sin hacer dieta", "sem fazer dieta", "without dieting",
		"ohne diät", "sans régime", "keep colds away", "keeps colds away", "keep colds and flu away",
		// Medicine stopped, glasses given up, pain ended.
		"my doctor took me off", "off insulin", "não vai mais precisar de óculos", "nunca mais precisar de óculos",
		"ya no necesitarás lentes|gafas", "never need glasses again", "won t need glasses", "keine brille mehr",
		"endlich schmerzfrei", "finally pain free", "por fin sin dolor", "finalmente sem dor", "enfin sans douleur",
		// Dialysis or treatment promised away.
		"sin diálisis", "sem diálise", "ohne dialyse", "sans dialyse", "without dialysis", "arrêter votre traitement",
		"dejar la insulina", "parar a insulina", "das insulin absetzen", "canetinha emagrecedora", "caneta emagrecedora",
		"dejas la insulina", "deja la insulina", "té adelgazante", "chá emagrecedor", "thé minceur", "schlankheitstee", "rendimiento en la intimidad",
		"desempenho na intimidade",
		// Hair said to grow back, and ageing said to slow.
		"volvió a salir el pelo", "me volvió a crecer el pelo", "volvió a crecer el pelo", "me ha vuelto a salir el pelo",
		"cabelo voltou a crescer", "cabelo voltou a nascer", "cheveux ont repoussé", "mes cheveux repoussent", "haare sind nachgewachsen",
		"hair grew|has grown back", "my hair is growing back",
		"ralentir le vieillissement", "ralentit le vieillissement", "ralentissez le vieillissement", "frena el envejecimiento", "frenar el envejecimiento", "retrasa el envejecimiento", "retrasar el envejecimiento", "retarda o envelhecimento", "retardar o envelhecimento", "freia o envelhecimento", "frear o envelhecimento",
		"slow down ageing|aging", "slows down ageing|aging", "slowing down ageing|aging", "slow ageing|aging", "slows ageing|aging", "alterung verlangsamen|verlangsamt", "altern verlangsamen|verlangsamt", "verlangsamt die alterung",
		// Insomnia and anxiety said to go ("se livrar da insônia").
		"livrar da|de insônia|ansiedade", "livrar-se da insônia|ansiedade", "vai se livrar da",
		// Sexual performance, and sight said to come back.
		"performance|problems in bed", "desempeño|rendimiento|problemas en la cama", "desempenho|problemas na cama", "probleme im bett",
		"performances|problèmes au lit", "recuperar tu|su vista", "recuperar a|sua visão", "olvidarte|olvídate de los lentes|anteojos|gafas",
		"esqueça os óculos", "retrouver votre vue", "voltei a enxergar", "volví a ver perfectamente", "see perfectly again",
		"stem cell therapy|therapies|treatment|treatments|clinic|clinics", "terapia|tratamiento|clínica con|de células madre",
		"terapia|tratamento|clínica com|de células-tronco", "stammzelltherapie|stammzellbehandlung", "thérapie|traitement par|aux cellules souches",
		"when other doctors have given up", "cuando otros médicos se han rendido",
		"testosterone therapy|booster|boosters", "low t therapy|treatment", "ed tablets|pills|meds|treatment", "riñones sanos", "rins saudáveis",
		"recuperó su salud con", "recuperou a saúde com", "sleep eight hours straight",
		"again|worries in the bedroom", "performance in the bedroom", "confidence back in the bedroom", "wieder volle manneskraft", "standfestigkeit", "für immer weg",
		"parar|pare de fumar em", "deja|dejar de fumar en", "stop|quit smoking in", "arrêtez|arrêter de fumer en", "rauchfrei in",
		"médico|doutor suspendeu o|a|meu|minha remédio|insulina|medicação", "médico me quitó|suspendió la|el insulina|medicamento",
		"vos|tes cheveux repoussent", "se me quitó por completo", "tratamos o|el autismo", "treat|treats autism", "cabelo de volta", "pelo|cabello de vuelta", "hair back in",
		"no he vuelto a tener ninguna|ninguno",
		"tratamento definitivo para", "tratamiento definitivo para", "definitive treatment for", "traitement définitif", "no he vuelto a tener ni una|uno",
	}},
}

// regulatedRulePrefix starts the rule of every violation the regulated
// screen raises (validate.go writes it as "refers to a regulated vertical
// (<vertical>: <phrase>)"); RegulatedVertical reads it back, and
// TestRegulatedVertical keeps the two in step.
const regulatedRulePrefix = "refers to a regulated vertical ("

// RegulatedVertical reports whether the violation is a refusal by the
// regulated-vertical screen and, if so, the vertical it names. The
// classifier's evaluation uses it to tell that refusal, which is a
// verdict, from Stage A refusals of another kind, which in a labelled case
// are mistakes.
func (v Violation) RegulatedVertical() (string, bool) {
	rest, ok := strings.CutPrefix(v.Rule, regulatedRulePrefix)
	if !ok || v.Code != apperr.CodeTemplateCharPolicy {
		return "", false
	}
	vertical, _, ok := strings.Cut(rest, ": ")
	return vertical, ok
}

// verticalHit is a regulated phrase found in a text.
type verticalHit struct {
	Vertical string
	// Phrase is the phrase as listed in regulatedVerticals (the spelling
	// found, for one that lists alternatives) or, for a
	// health claim the structural screen found, the claim's words as the
	// text has them, folded ("cures your back pain").
	Phrase string
}

type phraseEntry struct {
	vertical, phrase string
	words            []string
}

// phrasesByFirstWord indexes the folded phrases by their first word, so a
// text is scanned once whatever the length of the list. Built on first use.
var phrasesByFirstWord = sync.OnceValue(func() map[string][]phraseEntry {
	m := map[string][]phraseEntry{}
	for _, v := range regulatedVerticals {
		for _, p := range v.Phrases {
			for _, variant := range phraseVariants(p) {
				words := textfold.Words(variant)
				m[words[0]] = append(m[words[0]], phraseEntry{vertical: v.Name, phrase: variant, words: words})
			}
		}
	}
	return m
})

// phraseVariants spells out a listed phrase's alternatives: each
// space-separated slot may list words separated by "|" ("sol|xrp gbp|usd"
// is "sol gbp", "sol usd", "xrp gbp", "xrp usd"), as the word classes do.
func phraseVariants(p string) []string {
	variants := []string{""}
	for _, slot := range strings.Fields(p) {
		var next []string
		for _, v := range variants {
			for _, alt := range strings.Split(slot, "|") {
				next = append(next, strings.TrimSpace(v+" "+alt))
			}
		}
		variants = next
	}
	return variants
}

// The verticals the structural screens report under.
const (
	healthClaims = "health claims"
	lending      = "lending"
	gambling     = "gambling"
	investment   = "forex or crypto"
)

// An investment that promises a rate of return per day, week or month is
// the pitch of trading and crypto schemes, whatever asset it names:
// an investment word, a return word and a rate per period ("invest today,
// returns of 8% a week"). A price per month alone is a subscription.
var (
	investWords = newWordClass("invest|invests|investing|investment*|investor*", "invierte|invertir|inversión|inversiones",
		"invista|investir|investimento*", "investier*|anlage|anleger", "investis*|placement*",
		"fund", "fondo de inversión", "fundo de investimento", "fonds", "trading", "trader*",
		"etf|etfs|sparplan|sparpläne|fondssparplan", "buy to let", "own a slice", "shares left", "units left",
		"hands off income", "kapitalanlage|geldanlage|wertanlage", "*fonds", "own a room|unit|suite", "beteiligen sie sich|dich", "beteiligung|beteiligungen", "pflegeimmobilie*", "anlageimmobilie*", "betongold",
		"reinvest|reinvierte|reinvista|reinvestieren|réinvestissez", "pierre", "pisos turísticos",
		// Coins locked for a yield are invested ("earn 12% APY by locking
		// your ETH").
		"eth", "stake|staking|staked", "lock|locking your|their|my",
		"bot|bots|robot|robots|robô|robôs|roboter|algorithm*|algoritmo*|algorithme*", "divisas|devisen|devises", "forex",
		// Passive income from a pool of tokens or mining is an investment
		// however it is called.
		"passive income", "ingresos pasivos", "renda passiva", "rendimento passivo", "passives einkommen", "revenus passifs",
		"token|tokens|pool|mining|mineração|minería|minage", "income plan", "nuestro|nuestra|nosso|nossa|notre fondo|fundo|fonds", "bullion", "property bond|bonds",
		"oro físico", "ouro físico", "or physique", "physisches gold")
	returnWords = newWordClass("return|returns|returned|profit*|yield*", "pays|paga|paie|zahlt # %", "paid|pagó|pagou|zahlte # %", "paid investors|members|clients",
		"*rendite", "wertsteigerung*", "wertzuwachs", "rentas", "recibe|recibes|recebe|receba un|una|um|uma # %", "rendendo|rendem|rende|rinde|rinden|yielding", "rendimiento*|rentabilidad|ganancia*|beneficio*",
		"rendimento*|rentabilidade|lucro*|ganho*", "rendite*|gewinn*|ertrag|erträge", "rendement*|bénéfice*|gain|gains",
		// Earning said of the investors ("members made 2% daily").
		"earn|earns|earned|made|make|gana|ganan|ganó|ganhe|ganha|ganham|ganhou|verdienen|verdient|verdiente|gagnez|gagnent|gagné",
		"gané|ganamos|ganhei|ganhamos", "habe verdient", "ausschüttung|ausschüttungen",
		"averaged|averages|promedió|promedia|média|durchschnittlich|moyenne", "sacan|sacas|saca|tiran|tiram|tira|fazem|faz")
	ratePerPeriod = newWordClass(
		"# per|a|each|every day|week|month", "# daily|weekly|monthly", "# al|por día|dia|semana|mes",
		"# ao|por dia|semana|mês|mes", "# pro|im|am tag|woche|monat", "# täglich|wöchentlich|monatlich",
		"# par jour|semaine|mois",
		"# daily|weekly|monthly|diario|diaria|diarios|diarias|semanal|mensual|diário|diária|mensal|täglich|wöchentlich|monatlich|quotidien|quotidiens|hebdomadaire|mensuel",
		"# _ daily|weekly|monthly|diario|diaria|diarios|diarias|semanal|mensual|diário|diária|mensal|täglich|wöchentlich|monatlich|quotidien|quotidiens|hebdomadaire|mensuel",
		// The return word may stand between ("3 % Rendite pro Monat").
		"# _ per|a|each|every day|week|month", "# _ al|por día|dia|semana|mes", "# _ ao|por dia|semana|mês|mes",
		"# _ pro|im|am tag|woche|monat|jahr", "# _ par jour|semaine|mois|an", "# _ per|a|each year", "# _ al|por año",
		"# _ ao|por ano", "every|each|cada|toda|todo|jede|jeden|chaque day|week|month|semana|mes|dia|mês|woche|monat|tag|jour|semaine|mois",
		"every|each single day|week|month", "en mi|el|su primer mes|semana", "no meu|seu primeiro mês", "in my|the|their first month|week",
		"im ersten monat", "le premier mois", "monatliche|monatlichen|wöchentliche|tägliche ausschüttung|ausschüttungen|rendite von #",
		"# _ _ daily|diarios|diarias|diários|diárias|täglich|quotidiens", "# _ _ par jour", "# _ _ al|por día|dia",
		"# mil|mille|tausend _ diarios|diarias|diários|diárias", "# mil|mille|tausend _ al|por día|dia",
		"# mil|mille|tausend _ par jour", "# mil|mille|tausend _ pro tag",
		// A yearly yield on coins or a fund ("12% APY"): with an
		// investment word, not a savings account's rate.
		"# apy", "# _ apy",
		// Earnings within a stated time ("mit dem Bot in 3 Monaten 14.000 €
		// verdient").
		"in|en|em|within # days|weeks|months|tagen|wochen|monaten|días|dias|semanas|meses|jours|semaines|mois",
		// A yearly rate with an investment and a return word ("returned 14% a
		// year", "14 % anual garantizado"); a savings rate has no investment
		// word.
		"# a|per|each year", "# al|por año", "# ao|por ano", "# pro jahr", "# par an", "# annual|anual|annuel|jährlich|jahrlich",
		// A percentage in words a period ("dos por ciento mensual").
		"# por|per|pour ciento|cento|cent mensual|mensal|monthly|diario|diário|daily|semanal|weekly|mensuel|quotidien",
		"# por|per|pour ciento|cento|cent al|ao|a|par mes|mês|month|mois|día|dia|day|jour",
	)
)

// Trading with leverage is the forex and CFD pitch however the asset is
// named ("trade gold with 1:500 leverage", "alavancagem de 1:1000"): a
// leverage word with a trading word. "Leverage" alone is also a verb of
// business English, so it takes the trade beside it.
var (
	leverageWords = newWordClass("leverage|leveraged", "apalancamiento", "apalancado|apalancada", "alavancagem",
		"alavancado|alavancada", "hebel", "hebelprodukte", "effet de levier", "levier")
	tradeWords = newWordClass("trade|trades|trading|trader|traders|tradez", "opere|operar|opera|operaciones|operações|operación|operação",
		// A currency pair traded ("tu operación EUR/USD").
		"eurusd|gbpusd|usdjpy|audusd|usdchf|usdcad|eurgbp", "eur usd|gbp|jpy|chf", "gbp usd|jpy", "usd jpy|chf|cad", "aud|nzd usd",
		"handeln|handel|handelt", "négociez|négocier", "forex", "cfd|cfds", "currencies|currency", "divisas", "câmbio",
		"moedas", "devisen", "devises", "gold|oro|ouro", "l or", "oil|petróleo|öl|pétrole", "índices|indices|indizes")
)

// coinPresales are coins or tokens sold before they list ("mxcoin
// presale", "preventa... antes del listado"): a crypto offer whatever the
// coin is called.
var (
	presaleWords = newWordClass("presale|preventa|prevenda|vorverkauf|prévente", "pre sale", "pré venda")
	coinWords    = newWordClass("*coin|*coins", "token|tokens", "*token|*tokens", "moeda|moedas", "moneda|monedas", "jeton|jetons",
		// A price before the listing is a coin's ("precio especial antes
		// del listado").
		"before|antes|vor|avant the|del|da|dem|la listing|listado|listagem|listung|cotation",
		"before|antes|vor|avant listing|listado|listagem|listung|cotation")
)

// moneyMultiplied is money promised to grow by a factor ("turn $500 into
// $5,000", "transforme R$ 100 em R$ 1.000"): the pitch of trading schemes.
var moneyMultiplied = newWordClass(
	"deposita|deposite|deposit|invierte|invest|invista|investissez # y|and|e|et recibe|receive|receba|recevez|get|gana|ganhe #",
	"deposita|deposite|deposit|invierte|invest|invista|investissez # _ y|and|e|et recibe|receive|receba|recevez|get|gana|ganhe",
	"turn|turns|turned|grew|convirtió|convirtieron|transformou|transformaram|verwandelte|verwandelten|transformé|transformés # into|en|em|in|zu #",
	"doubled|tripled|multiplied|duplicaron|duplicó|multiplicado|multiplicaron|dobraram|dobrou|multiplicaram|multiplicou|triplicaron|verdoppelten|verdoppelte|verdoppelt|vervielfacht|doublé|triplé|multiplié their|your|his|her|su|sus|seu|sua|ihr|ihre|ihren|leur|votre capital|money|investment|dinero|inversión|dinheiro|investimento|kapital|geld|argent|investissement|lana|grana",
	"turn|turns|grow|convierte|convertir|transforma|transforme|verwandeln|verwandle|machen|transformez # into|en|em|in|zu #",
	"turn|turns|grow|convierte|convertir|transforma|transforme|verwandeln|verwandle|machen|transformez # # into|en|em|in|zu #",
	"turned|grew|convirtió|convirtieron|transformou|transformaram|verwandelte|verwandelten|transformé|transformés # # into|en|em|in|zu #")

// leverageOffer finds leverage offered on trades.
func leverageOffer(all []string) (string, bool) {
	ls, le := leverageWords.find(all, 0, len(all))
	if ls < 0 {
		return "", false
	}
	ts, te := tradeWords.find(all, 0, len(all))
	if ts < 0 {
		return "", false
	}
	return strings.Join(all[ts:te], " ") + ", " + strings.Join(all[ls:le], " "), true
}

// numberedReturns are returns promised in figures ("300% returns",
// "rendimentos de 40%" reads as "40" after the word, so both orders).
var numberedReturns = newWordClass("# return|returns|profit|profits|gains", "# de rendimiento|rentabilidad|rendimento|rentabilidade|lucro",
	"# annual|yearly|monthly|annualised|annualized|guaranteed return|returns|yield|yields|profit|profits",
	"# de rendimiento|rentabilidad anual|mensual", "# de rendimento|rentabilidade anual|mensal", "# jährliche|jahrliche rendite",
	"# de rendement annuel|mensuel", "un # anual|anuales", "un # al año", "um # ao ano",
	"# garantis|garantizado|garantizados|garantido|garantidos|guaranteed|garantiert", "# garantis chaque année",
	"# _ garantis|garantizado|garantizados|garantido|garantidos|guaranteed|garantiert",
	"# fixed|guaranteed monthly|annual|yearly|weekly|daily return|returns",
	// A figure a bot or fund is said to have made ("your bot returned 14 %").
	"returned|erzielt|erzielte|rindió|rindieron|rendeu|renderam|generated|generó|gerou #",
	"# wertsteigerung|wertsteigerungspotenzial|wertzuwachs",
	"averaged|averages # a|per year",
	"# rendite|gewinn", "# de rendement|rentabilité")

// returnsPromise finds a rate of return promised on an investment, or a
// return guaranteed on one, and returns its words.
func returnsPromise(all []string) (string, bool) {
	if investWords.in(all) && returnWords.in(all) {
		if gs, ge := guarantees.find(all, 0, len(all)); gs >= 0 {
			return strings.Join(all[gs:ge], " "), true
		}
	}
	if investWords.in(all) {
		if ns, ne := numberedReturns.find(all, 0, len(all)); ns >= 0 {
			return strings.Join(all[ns:ne], " "), true
		}
	}
	rs, re := ratePerPeriod.find(all, 0, len(all))
	if rs < 0 || !investWords.in(all) || !returnWords.in(all) {
		return "", false
	}
	return strings.Join(all[rs:re], " "), true
}

// Lending offers are worded without the listed phrases as often as with
// them ("get cash when you need it", "Ihr Wunschbetrag ohne Schufa"), but
// they are told by their mechanics: money offered (a credit word or "up
// to" an amount) together with at least two of a credit offer's promises:
// no credit check or paperwork, a decision or payout in minutes, a
// repayment, an application or simulation, a decision in principle. A
// pre-approval counts twice: it is a credit offer by itself. One promise is
// not enough: "your loan repayment is due" is a servicing notice.
var (
	creditWords = newWordClass(
		"loan*", "credit", "cash", "funds", "money", "limit",
		"crédito*", "préstamo*", "dinero", "límite", "empréstimo*", "dinheiro", "dinheirinho", "limite",
		"kredit*", "*kredit", "geld", "wunschbetrag", "kreditrahmen", "crédit*", "prêt*", "argent",
		"up to #", "hasta #", "até #", "bis #", "bis zu #", "jusqu à #", "jusqu a #",
		// Financing and advances are credit under another name; "grana"
		// is Brazilian for money.
		"mortgage*", "hipoteca*", "hypothek*", "hypothèque*", "debt|debts|deuda|deudas|dívida|dívidas|schulden|dette|dettes",
		"*loan", "*loans", "financing", "tarjeta de la tienda", "tarjeta departamental", "# de enganche", "pcp", "car|auto|vehicle finance", "business funding", "working capital", "store card|cards", "credit card|cards", "# apr card|cards", "intro|introductory apr card|cards", "funding for your|small business|businesses",
		"cheque especial", "*finanzierung", "abonos",
		"crediário|crediario", "dispositionsrahmen", "overdraft|sobregiro", "découvert|decouvert autorisé|bancaire", "dein|ihr|ihren|deinen dispo",
		"descubierto en cuenta", "descubierto bancario", "financiación|financiacion|financiamiento", "financiamento", "finanzierung",
		"financement", "adelanto", "adiantamento", "vorschuss", "grana",
		// Small loans under their own names ("minicrédito", "mini-prêt").
		"minicrédito*", "microcrédito*", "minipréstamo*", "minicrédit*", "microcrédit*", "miniprêt*", "minikredit*",
		"mikrokredit*", "microcredit*", "minicredit*", "lana", "plata", "en espèces", "en efectivo", "em dinheiro",
		// Something bought on credit ("finance your new panels").
		"finance your|it|them",
		// Money put in the account as a top-up ("a little extra in your
		// account today").
		"extra in|into|on your account",
		// Cash products under a brand ("MiniCash", "PayCash"), and amounts
		// after a Brazilian real sign.
		"*cash", "até|ate r #",
		// Money said to land in the recipient's account ("800 € sur votre
		// compte") is money offered.
		"# sur|on|in|en|na|auf votre|your|tu|su|sua|ihr|ihrem compte|account|cuenta|conta|konto",
		"bargeld",
		// A Brazilian payroll loan by its name alone ("no consignado INSS").
		"consignado|consignados",
	)
	// lendVerbs offer money to borrow ("borrow £300 today", "te
	// prestamos", "leihen Sie sich", "empruntez"): a credit word and, being
	// an offer, one of its promises at once.
	lendVerbs = newWordClass("empeña|empeñe|empeñar|empeñas|empenhe|empenhar|penhore|penhorar|verpfänden|verpfände|gagez|gager",
		"refinance|refinancia|refinanciar|refinancie|refinanzieren|refinanzierung|refinancez|renegocie|renegociar|renegocia",
		// "Gloves are available to borrow" is no loan.
		"borrow up to", "borrow between", "borrow 1*|2*|3*|4*|5*|6*|7*|8*|9*", "borrow money|cash|funds", "you can borrow", "you could borrow", "borrow anywhere from", "we lend", "lend you", "we loan", "te|le|les prestamos|presto",
		"prestamos hasta|desde", "pide prestado", "emprestamos|empresta|empreste", "pegue emprestado",
		"leihen sie sich", "leih dir", "leihen", "verleihen", "empruntez|emprunter", "nous prêtons",
		"on vous prête",
		// A mortgage or a loan offered to be taken ("get a mortgage with the
		// lowest rates in town").
		"get|take a|your mortgage|loan", "take out a mortgage|loan", "apply for a|your mortgage|loan",
		"consigue|solicita|contrata tu|una hipoteca|préstamo", "consiga|solicite|contrate seu|sua|um|uma financiamento|empréstimo",
		"sichern sie sich ihre|ihren|eine|einen hypothek|kredit|baufinanzierung", "obtenez|demandez votre|un prêt|crédit",
		// Buy now, pay later: the purchase is split into a loan (consumer
		// credit under the UK's and the EU's rules since 2026).
		"buy now pay later", "bnpl", "compra ahora paga después|despues", "compre agora pague depois", "jetzt kaufen später|spater bezahlen",
		"achetez maintenant payez plus tard", "paiement fractionné|fractionne", "pago|pagos fraccionado|fraccionados|aplazado|aplazados",
		"split your|any|the|this|every|each purchase|order|payment|basket|bill|total", "pide|pida|solicita hasta", "peça|solicite até",
		"write off up to", "write off your|some|part debt|debts",
		"refinance|refinancing|remortgage|remortgaging|subroga|subrógala|subrogala|subrogar|subrogación|umschulden",
		"get you cash", "cash against the|your", "i needed|need # pounds|dollars|euros|pesos|reais",
		"split purchases|payments|orders", "split it|them into # payments|instalments|installments",
		"split your|the next order|purchase|payment", "split future|all|your|any purchases|orders|payments", "pide|solicita tu préstamo|minicrédito|crédito", "enganche desde",
		"págalo|págalos|págala|págalas|pagalo|pagalos|paga|pague en # quincenas|plazos|cuotas|pagos",
		"paga|pague|pagar tus|sus compras en cómodos plazos|cuotas|meses", "paga|pague|pagar tus|sus compras a plazos", "paga|pague|pagar tus|sus compras a final de mes",
		"difiere|difiera|diferir tus|sus|cualquier compra|compras",
		"pide|solicita tu tarjeta de crédito", "claim|get # loan|loans", "claim|get # # loan|loans", "in # tagen bezahlen|zahlen",
		"antecipe|antecipa|antecipar até|seu|o|as", "te|le|les financiamos", "financiamos tu|su|tus|sus", "régler|réglez|regler|reglez en # fois", "financiamos hasta|até", "wir finanzieren", "nous finançons",
		"te|le damos dinero por", "pide|solicita tu préstamo", "peça|solicite seu empréstimo", "parcelar|parcele seus|seu|suas|sua|o|a|os|as",
		"demandez notre|votre carte de crédit", "un crédit|prêt de #", "a loan of #", "un préstamo de #", "einen kredit über|von #", "open a|your _ store card", "open a|your _ _ store card", "open a|your store card",
		"abre|saca|solicita tu|una tarjeta de la tienda", "abre|saca|solicita tu|una tarjeta departamental",
		"abre|saca|solicita _ tu|una tarjeta de la tienda", "abre|saca|solicita _ tu|una tarjeta departamental",
		"sichern sie sich jetzt ihre|ihren|eine|einen hypothek|kredit|baufinanzierung", "payez|payer|paiement en # fois", "paga|pague|pagar en # plazos|cuotas",
		"pague|pagar em # parcelas|vezes", "in # raten zahlen|bezahlen", "zahlen|bezahlen sie in # raten",
		// A credit card applied for.
		"apply for the|a|our|your _ credit card", "apply for the|a|our|your credit card", "get the|a|our|your _ credit card",
		"get the|a|our|your credit card",
		// Purchases paid in monthly instalments ("in bis zu 24 Monatsraten"),
		// studies financed.
		"in bis zu # monatsraten|raten", "in # monatsraten", "financez|financer vos|votre études|formation",
		// Purchases deferred on a card ("puedes aplazar todas tus compras"):
		// credit offered, and borrowing more on the card (borrowMore).
		"aplazar|aplaza|aplace tus|sus compras|pagos", "aplazar|aplaza|aplace todas tus|sus compras")
	creditPromises = []*wordClass{
		newWordClass("no credit check*", "without a credit check", "no paperwork", "bad credit", "sin buró",
			"sin consultar", "sin papeleo*", "sin aval*", "ni aval*", "sem burocracia", "ohne papierkram",
			"sans paperasse", "sem consulta", "sem comprovação|comprovante", "nome sujo",
			"negativado*", "ohne schufa", "ohne bonitätsprüfung", "ohne nachweis*", "sans justificatif*",
			"sans enquête", "même fiché|fichés", "negativem|negativer ksv|schufa", "trotz ksv", "ohne ksv", "en|el|del|al buró", "buró de crédito", "sin revisar buró", "sem consultar spc|serasa",
			"no questions asked", "sin preguntas", "sem perguntas", "ohne fragen", "sans questions"),
		newWordClass("in|within|en|em|dans minutes|minutos|minuten", "in|within|en|em|dans # minutes|minutos|minuten|seconds|segundos|sekunden|secondes",
			"sofortentscheidung|sofortauszahlung|soforthilfe", "te decimos en el momento", "te autorizamos", "instant|instantly|inmediata|inmediato|inmediatamente|imediato|imediata|imediatamente|instantáneo|instantânea|instantâneo|express|sofortig*|instantané|instantanée",
			"in wenigen minuten", "en quelques minutes", "same day", "same-day", "na hora", "al instante",
			"al momento", "sofort", "immédiate|immédiat|immédiatement", "en|em|in|dans|within|sous 24 h|hours|horas|stunden|heures",
			"en|em|in|dans|within|sous|innerhalb # hora|horas|hour|hours|h|stunde|stunden|heure|heures",
			"en|em|in|dans|within|sous una|uma|an|one|einer|une hora|hour|stunde|heure",
			"sur votre compte ce soir|aujourd|demain", "on|in your account tonight|today|tomorrow",
			"recíbelo|recibelo|recíbela|recibela|receba|recebe|recevez hoy|mañana|hoje|amanhã|demain", "receive it today|tomorrow", "en tu|su cuenta hoy|mañana",
			"na sua conta hoje|amanhã", "auf ihrem|ihr konto heute|morgen",
			"noch heute", "hoy mismo", "no mesmo dia", "ainda hoje", "am selben tag", "le jour même",
			"same afternoon|morning|evening", "in your account by tomorrow|tonight|today", "as soon as tomorrow|today|tonight", "in as little as # hours|h|minutes|days", "préstamo|crédito|empréstimo ya|já", "en un clic", "in one click|tap", "con un clic", "com um clique", "mit einem klick", "approval takes seconds|minutes",
			"en|in|em|dans diez|dez|ten|zehn|dix|cinco|five|fünf|cinq minutos|minutes|minuten",
			"borrow # today|tonight|now", "borrow # # today|tonight|now", "approved on the spot", "zero down",
			"decision in one day", "decision in # day|days", "decision within # hours",
			"decision|answer|approval|réponse|respuesta|resposta|entscheidung in|en|em 60s|30s|90s|seconds|segundos|secondes|sekunden"),
		// A loan repaid out of a pension or a salary.
		newWordClass("desconto em folha", "margem consignável", "margem liberada|disponível|consignada|livre",
			"desconto direto no benefício|salário", "desconto no benefício"),
		newWordClass("repay*", "repaid over|in|across|by", "paga|pague|pagas a tu|su ritmo", "cómodos|comodos plazos", "en un solo préstamo|pago|crédito",
			"em um único empréstimo|pagamento", "in einem einzigen kredit", "en un seul prêt|crédit", "paga|pague|pagarás|pagas hasta # menos", "paga|pague|pagarás|pagas hasta un # menos", "en uno solo",
			"parcelas que cabem no bolso", "cuotas|mensualidades que caben en tu bolsillo", "entrada facilitada", "payday", "next paycheck", "mensualidades|mensalidades fijas|fixas", "en cuotas", "a plazos", "em parcelas", "parcelado*",
			"rückzahlung", "ratenzahlung", "in raten", "in zwei|drei|vier|sechs raten", "mensualité*", "settle up when", "when your paycheck|payday clears|arrives|lands",
			// Buy now, pay later: the purchase is the loan.
			"pay later", "pay in # instalments|installments", "pay|paying it|them back", "paga|pagas|pague en|em",
			"págalo|págala|págalos|págalas|pagalo|pagala|pagalos|pagalas en",
			"remboursez|rembourser|remboursable", "low monthly payment|payments|instalments|installments", "one monthly payment", "cuota mensual",
			"una sola cuota", "cuota fija", "uma única|unica parcela", "eine einzige rate", "une seule mensualité", "monthly payment|payments",
			"parcela mensal", "monatliche rate", "devuélvelo|devuelve|devuelves", "zurückzahlen|zurückzahlung", "paga|pague|pagas después|despues", "quincena*",
			"meses sin intereses", "pague|pagar depois", "später bezahlen|zahlen", "payez|payer plus tard",
			"ab # im|pro monat", "from # a|per month|week", "cuotas mensuales", "cómodas|comodas cuotas", "devolver en", "monatsraten", "spread the cost",
			"remboursement différé|differe", "mensualidades desde #", "paga|pagas|pague solo # al|por mes|semana|mês", "desde # al|por mes|semana", "dès|des # par mois|semaine",
			"a partir de # por mes|mês|semana", "into four|three interest free payments|instalments|installments", "into # interest free payments|instalments|installments",
			"devolviendo|devolver el|tu préstamo", "en # ou # fois", "em|en até|hasta # x|vezes|veces|parcelas",
			"abonos chiquitos|semanales|quincenales", "pagos semanales|chiquitos",
			"before payday", "avant la paye|paie", "antes de la quincena", "antes do pagamento", "vor dem zahltag",
			"en # fois", "payez|payer|paiement|paga|pague|pagar|pay en|em|in 3x|4x|10x|12x", "rembourse|remboursé|remboursée"),
		// Debts rolled into one are a new loan ("we consolidate it into one
		// low monthly payment").
		newWordClass("junta|juntamos|agrupa|agrupamos todos tus préstamos|deudas|créditos",
			"junta|juntar|juntamos|agrupa|agrupar|agrupamos|agrupe todos|todas tus|sus préstamos|deudas|créditos",
			"junta|juntar|juntamos|agrupa|agrupar|agrupamos|agrupe tus|sus préstamos|deudas|créditos", "consolidate|consolidates|consolidating|consolidation|consolida|consolide|consolidamos|umschulden|umschuldung|regroupez|regrouper|regroupement",
			"reunifica|reunificamos|reunificación|reunificacion|reunificar|reunificarlas|reunificarlos"),
		// A home bought with the loan.
		newWordClass("first home", "primera vivienda", "primeira casa", "primeiro imóvel|imovel", "eigenheim", "eigene vier wände",
			"résidence principale", "premier achat immobilier"),
		// A rate fixed or quoted on a mortgage ("hipoteca fija al 2,5 %").
		newWordClass("hipoteca|hipotecas|mortgage|mortgages|hypothek|baufinanzierung fija|fixa|fixed|variable|festen",
			"hipoteca|mortgage|hypothek al|at|from|desde|ab|zu #", "hypothèque|hypothèques à|a|au|dès #", "renouvelez|renouveler avec nous à|a #", "hipoteca a tipo fijo|variable", "sin comisiones", "tipo|tasa|taxa fijo|fija|fixo|fixa #", "tipo|tasa fijo|fija del|de #", "fixed rate|rates of|at|from #",
			"# on purchases", "# on balance transfers", "balance transfer|transfers", "representative # apr", "representative # # apr",
			"representative apr", "representative example", "subject to approval", "no deposit needed"),
		// A loan's price or deposit as its selling point ("the lowest rates
		// in town", "zero down payment").
		newWordClass("lowest|low|lower|best|competitive|unbeatable rate|rates", "taux réduit|préférentiel", "tasa|tipo reducida|reducido|preferencial",
			"taxa reduzida|preferencial", "# anzahlung", "# en remise", "# cash back|cashback", "zero|no down payment", "zero|no deposit", "0 down", "# down payment",
			"nothing to pay upfront", "al|a|at # fijo|fija|fixed", "al|a|at # # fijo|fija|fixed",
			"sin enganche", "sin entrada", "sem entrada", "ohne anzahlung", "sans apport",
			"tasas|tipos más|mas bajos|bajas", "taxas mais baixas", "menores taxas", "niedrige|niedrigste|günstige|günstigste zinsen",
			"taux bas", "taux les plus bas"),
		newWordClass("no arrangement|application|setup fee*",
			"sin comisión de apertura", "sem taxa de abertura", "ohne bearbeitungsgebühr*", "sans frais de dossier"),
		newWordClass("simule|simular|simula|simulez|simulation|simulação|simulación", "beantragen", "beantragen sie",
			"contrate|contrata|contratar|contrátalo|contratalo agora|já|ja|ya|hoy|hoje|pelo|por|en|na|no",
			"aprueba|aprobar|aprove|aprovar tu|su|sua|seu línea|linha|crédito|limite|límite", "in der app bestätigen|beantragen|abschließen",
			"in der app aktivieren|freischalten", "activate it|this in the app", "switch|turn it|this on in the app",
			"cotiza|cotizar|coticemos|cotizamos|cotice tu|su crédito|préstamo|financiamiento",
			"quiero mi préstamo|crédito", "quero meu empréstimo|crédito", "i want my loan", "je veux mon prêt|crédit", "check your new rate", "check your rate",
			"switch to a new deal|rate|mortgage", "no cartão de crédito", "con tu|su tarjeta de crédito", "mit ihrer|deiner kreditkarte",
			"avec votre carte de crédit",
			"confirm|accept it|this in the app", "apply for", "solicite|solicita",
			"solicítalo|solicitalo|solicítala|solicitala", "pídelo|pidelo|pídela|pidela", "peça|peca o|a seu|sua", "faire une demande", "faites votre|une demande", "apply now|today|online", "solicita|pide el|la tuyo|tuya",
			"instant approval|decision", "aprobación|aprovação en|em minutos", "check if you qualify", "see if you qualify", "see what you qualify for", "sofortzusage", "accord immédiat",
			"borrow up to"),
		newWordClass("decision in principle", "zusage", "réponse de principe", "aprobación inmediata",
			"aprovação imediata"),
		// Credit made available to draw on ("tu línea de crédito ya está
		// disponible, dispón del dinero", "Ihr Kreditrahmen wurde
		// freigeschaltet, jederzeit abrufen").
		newWordClass("dispón|dispon|disponer|disponga del dinero|crédito|saldo", "dispón|dispon|disponer|disponga de tu|su dinero|crédito|saldo",
			"draw on your|the credit|limit",
			"freigeschaltet", "jederzeit abrufen", "saque o|seu dinheiro|limite", "retirez|utilisez votre crédit|réserve"),
		// The lender's own small print ("credit subject to status and
		// affordability checks").
		newWordClass("subject to status", "subject to credit approval|check|checks", "affordability check|checks|assessment",
			"sujeto a aprobación crediticia|de crédito", "sujeito a análise|aprovação de crédito", "bonität vorausgesetzt",
			"sous réserve d acceptation", "soumis à acceptation", "sous réserve d étude", "un crédit vous engage"),
		// An amount offered ("libere até R$ 5.000", "get up to $2,000").
		newWordClass("up to #", "hasta #", "até #", "até|ate r #", "bis zu #", "bis #", "jusqu à|a #", "libere|liberamos|liberado",
			"financia|financiamos hasta"),
		// Interest promised away, or a decision promised fast.
		newWordClass("# apr", "apr", "aprs", "0 interest", "zero interest", "disponible un crédito", "taux zéro|zero", "à|a taux zéro|zero",
			// Spain's nominal rate, printed on every credit offer ("al 2,5 %
			// TIN"): apart from the mortgage's own rate above.
			"# tin", "# # tin", "cat promedio", "crédit|crédito|credit|loan|loans|kredit auto|car à|a|al|at|from|desde|ab # %", "prêt|préstamo|empréstimo|loan à|a|al|at # %", "costo anual total", "jahreszins", "effektivem|effektiver jahreszins", "taeg", "tae", "cet", "interest free", "sin intereses", "sem juros", "zinsfrei|zinslos", "sans intérêts",
			"get approved", "approved|aprobado|aprobada|aprovado|aprovada|genehmigt|approuvé in|en|em|dans minutes|minutos|minuten",
			"approved|aprobado|aprobada|aprovado|aprovada|genehmigt|approuvé in|en|em|dans # seconds|segundos|sekunden|secondes",
			"approved|aprobado|aprobada|aprovado|aprovada|genehmigt|approuvé in|en|em|dans # h|hours|horas|stunden|heures",
			"approval|aprobación|aprovação|genehmigung|approbation in|en|em|dans # h|hours|horas|stunden|heures"),
		// An approval or funds promised by a date, or doorstep cash.
		newWordClass("funds|money by tomorrow",
			"dinero|fondos mañana", "dinheiro amanhã", "geld morgen", "fonds|argent demain"),
		newWordClass("weekly|fortnightly payments|repayments", "pagos semanales|quincenales", "pagamentos semanais",
			"wöchentliche raten|zahlungen", "remboursements hebdomadaires", "local agent|agents", "pop round", "doorstep",
			"en efectivo", "em dinheiro", "in bar", "en espèces", "in cash"),
		newWordClass("local agent|agents", "agent|agents local|locaux", "agente|agentes local|locales|locais", "pop round", "doorstep", "a domicilio", "em casa", "an der haustür", "à domicile"),
		// Borrowing against a car or a home.
		newWordClass("car|auto|vehicle title", "keep driving", "sigue|sigues manejando|conduciendo", "continue|continua dirigindo",
			"weiterfahren", "continuez à rouler", "com garantia de|do veículo|veiculo|imóvel|imovel|carro", "con garantía de|del auto|coche|vehículo|casa",
			"home equity", "as collateral", "use your car|home", "use seu carro|imóvel", "autopfand", "gage"),
		newWordClass("no credit score|history", "sin historial", "sem histórico", "ohne schufa*", "sans historique",
			"won t affect your credit score|rating", "soft credit check|pull|search", "solo necesitas tu ine|identificación",
			"no collateral", "no hard credit pull|check|checks|inquiry", "sin garantía|aval", "sans caution|garant", "sans caution parentale", "aunque no tengas historial",
			"concedido|concedida|concedemos|gewährt|accordé|accordée", "crédito disponible|disponível", "crédit disponible", "verfügbarer kredit",
			"nutzen sie den spielraum", "den spielraum", "lock in #",
			"só com cpf", "so com cpf", "finanziellen spielraum", "financial breathing room|space",
			"sin revisar|checar|consultar historial|buró", "sem consultar histórico"),
	}
	// badCreditWelcome says that a bad credit record is no obstacle: a
	// lender's promise by itself, so it counts twice, as a pre-approval.
	badCreditWelcome = newWordClass("even with bad credit", "no credit no problem", "credit wasn t great|perfect", "bad credit no problem|ok|okay", "rejected|refused|turned down by the|your bank",
		"rechazado|rechazada|rechazaron en|por el banco", "te han rechazado", "negado|negada|recusado pelo banco",
		"von der bank abgelehnt", "refusé|refusée|refusés par la|votre banque", "aposentados e pensionistas", "aposentado e pensionista", "bad credit ok|okay|welcome|accepted", "mesmo com nome sujo",
		"credit s not great|perfect", "credit isn t great|perfect", "less than perfect credit", "poor credit", "most applicants",
		"mauvais dossier de crédit", "même avec un mauvais dossier|crédit",
		"mesmo negativado|negativada", "nome sujo", "aunque estés|estes en asnef", "con asnef", "incluso en asnef", "aun|aunque|incluso con buró|buro", "aunque estés en buró",
		"trotz schufa", "trotz negativer schufa", "même fiché|fichée|fichés", "même interdit bancaire")
	// borrowMore is borrowing more on credit the recipient has: a new loan
	// offered by itself ("you can top up your loan in the app", "Ihr
	// Dispositionskredit kann auf 3.000 € erhöht werden"), so it counts
	// twice, as a pre-approval.
	borrowMore = newWordClass("top up your|existing loan*|credit*|overdraft", "increase|extend your|existing loan*|credit*|overdraft|limit",
		"erhöht|erhöhen|aufgestockt|aufstocken werden", "kann|können _ _ erhöht|aufgestockt werden", "kann|können auf _ erhöht werden",
		"aumentar|ampliar tu|su|seu|sua límite|limite|crédito|credito|préstamo|empréstimo", "augmenter votre découvert|crédit|plafond|prêt",
		"découvert autorisé passe|passera à|a #", "découvert autorisé peut passer à|a #", "hemos ampliado|aumentado el|tu límite", "foi ampliado|aumentado para", "fue ampliado|aumentado a", "auf # erhöht|erhoht", "auf # # erhöht|erhoht", "auf # erhöhen|erhohen",
		"auf # # erhöhen|erhohen", "pode subir para", "aceite o novo limite", "accept your new limit", "acepta tu nuevo límite", "aplazar|aplaza|aplace tus|sus compras|pagos", "aplazar|aplaza|aplace todas tus|sus compras")
	preApproved = newWordClass("pre approved", "preconcedida|preconcedido|preconcedidos|preconcedidas", "pré concedido|concedida", "preapproved", "preautorizado|preautorizada|preautorizados|preautorizadas",
		"pre autorizado|autorizada", "pré autorizado|autorizada", "pre qualified", "prequalified", "precalificado|precalificada",
		"pre calificado|calificada", "pré qualificado|qualificada", "vorqualifiziert", "préqualifié|préqualifiée", "pré aprovado|aprovada", "preaprobado|preaprobada",
		"pre aprobado|aprobada", "vorab genehmigt", "vorgenehmigt", "pré approuvé|approuvée")
)

// lendingOffer finds a credit offer told by its mechanics, as the comment on
// creditWords describes, and returns the words that make it.
func lendingOffer(all []string) (string, bool) {
	all = blanked(blanked(withoutClockTimes(spelledAmounts(all)), paymentChoice), earnings)
	cs, ce := creditWords.find(all, 0, len(all))
	if cs < 0 {
		cs, ce = lendVerbs.find(all, 0, len(all))
	}
	if cs < 0 {
		return "", false
	}
	found := []string{strings.Join(all[cs:ce], " ")}
	n := 0
	if ls, le := lendVerbs.find(all, 0, len(all)); ls >= 0 {
		n++
		found = append(found, strings.Join(all[ls:le], " "))
	}
	for _, wc := range []*wordClass{preApproved, badCreditWelcome, borrowMore} {
		if ps, pe := wc.find(all, 0, len(all)); ps >= 0 {
			n += 2
			found = append(found, strings.Join(all[ps:pe], " "))
		}
	}
	for _, wc := range creditPromises {
		if ps, pe := wc.find(all, 0, len(all)); ps >= 0 {
			n++
			found = append(found, strings.Join(all[ps:pe], " "))
		}
	}
	if n < 2 {
		return "", false
	}
	return strings.Join(found, ", "), true
}

// amountNumberWords are the number words an amount of money is spelled
// with ("up to five hundred dollars", "cincuenta mil pesos"); an article
// that is also "one" ("un", "ein") counts only inside a run.
var (
	amountNumberWords = map[string]bool{}
	articleNumbers    = map[string]bool{"one": true, "un": true, "uno": true, "una": true, "um": true, "uma": true, "ein": true,
		"eine": true, "eins": true, "une": true,
		// Portuguese "dos" is "of the".
		"dos": true}
)

func init() {
	for _, w := range strings.Fields("two three four five six seven eight nine ten twenty thirty forty fifty hundred thousand " +
		"tres cuatro cinco seis siete ocho nueve diez veinte treinta cuarenta cincuenta cien ciento doscientos trescientos quinientos mil " +
		"dois duas tres quatro cinco seis sete oito nove dez vinte trinta quarenta cinquenta cem cento duzentos trezentos quinhentos mil " +
		"zwei drei vier funf fuenf sechs sieben acht neun zehn zwanzig dreissig funfzig hundert tausend " +
		"deux trois quatre cinq six sept huit neuf dix vingt trente quarante cinquante mille") {
		amountNumberWords[w] = true
	}
}

// currencyWords name the money a spelled amount is in.
var currencyWords = map[string]bool{"dollars": true, "dollar": true, "bucks": true, "pounds": true, "pound": true, "quid": true,
	"euros": true, "euro": true, "pesos": true, "peso": true, "varos": true, "reais": true, "real": true, "francs": true,
	"franken": true}

// spelledAmounts writes each run of number words before a currency as one
// digit, so that the lending mechanics read "up to five hundred dollars" as
// "up to # dollars".
func spelledAmounts(all []string) []string {
	var out []string
	for i := 0; i < len(all); i++ {
		j := i
		// After digits the words are the amount's unit ("8 mil"): left as
		// they are.
		for (i == 0 || !textfold.IsDigits(all[i-1])) && j < len(all) &&
			(amountNumberWords[all[j]] || articleNumbers[all[j]] && j+1 < len(all) && amountNumberWords[all[j+1]]) {
			j++
		}
		// Only an amount of money: "up to five people" is no sum offered.
		if j > i && j < len(all) && currencyWords[all[j]] {
			out = append(out, "1")
			i = j - 1
			continue
		}
		out = append(out, all[i])
	}
	return out
}

// unitNumberWords are the number words read as a figure before a unit of
// time, weight or percent: the amount words, the teens and tens they lack, and
// "one" in each language ("in one week", "en una semana").
var unitNumberWords = map[string]bool{}

// durationUnits are the units of time and body weight a health claim
// counts in ("in two weeks", "doce kilos"), folded, and percent.
var durationUnits = map[string]bool{}

// init fills unitNumberWords after the amount words' own init, which
// runs first (init functions run in the order of the file).
func init() {
	for w := range amountNumberWords {
		unitNumberWords[w] = true
	}
	for _, w := range strings.Fields("one eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen sixty seventy eighty ninety " +
		"uno una dos once doce trece catorce quince dieciseis dieciocho sesenta setenta ochenta noventa " +
		"um uma onze doze treze catorze quatorze quinze dezesseis dezoito sessenta oitenta " +
		"eins ein eine elf zwolf dreizehn vierzehn funfzehn sechzehn achtzehn sechzig siebzig achtzig neunzig " +
		"un une douze treize seize soixante") {
		unitNumberWords[w] = true
	}
	for _, w := range strings.Fields("second seconds minute minutes hour hours day days week weeks month months " +
		"segundo segundos minuto minutos hora horas dia dias semana semanas mes meses " +
		"sekunde sekunden minute minuten stunde stunden tag tage tagen woche wochen monat monate monaten " +
		"seconde secondes heure heures jour jours semaine semaines mois " +
		"kilo kilos kg quilos lbs stone stones pfund livres percent prozent") {
		durationUnits[w] = true
	}
}

// percentWords and percentNouns spell a percentage in two words ("dos
// por ciento", "eighty per cent"), read as a unit like durationUnits.
var (
	percentWords = map[string]bool{"por": true, "per": true, "pour": true}
	percentNouns = map[string]bool{"ciento": true, "cento": true, "cent": true}
)

// spelledUnits writes each run of number words before a unit of time,
// weight or percent as one figure, so that "in two weeks" and "doce kilos en dos
// meses" read as "in 2 weeks" and "2 kilos en 2 meses" do: a timeline
// written out is the same promise. Other number words are left as they are
// ("up to five people"). Only health claims and returns promised read
// through it: the lending and intent screens read every figure of time as
// a promise ("up to 180 ... in 2 minutes" refused an unread template).
func spelledUnits(all []string) []string {
	var out []string
	for i := 0; i < len(all); i++ {
		j := i
		for j < len(all) && unitNumberWords[all[j]] {
			j++
		}
		if j > i && j < len(all) && (durationUnits[all[j]] || percentWords[all[j]] && j+1 < len(all) && percentNouns[all[j+1]]) {
			if out == nil {
				out = append(make([]string, 0, len(all)), all[:i]...)
			}
			out = append(out, "2")
			i = j - 1
			continue
		}
		if out != nil {
			out = append(out, all[i])
		}
	}
	if out == nil {
		return all
	}
	return out
}

// discountPercent is a percentage taken off a price ("50% de descuento",
// "30 % off", "20% Rabatt").
var discountPercent = regexp.MustCompile(`(?i)\d+(?:[.,]\d+)?\s*[%％]\s*(?:de\s+|d[’']\s*)?(?:descuento|desconto|off|discount|rabatt|remise|réduction|reducción|dto)`)

// percentsAsWords writes each discount as the word "pct", so that "hasta
// 50% de descuento" offers no amount of money ("hasta #" is one) to the
// lending mechanics; any other percentage ("réduisez vos mensualités
// jusqu'à 60 %") is read as before.
func percentsAsWords(text string) string {
	if !strings.ContainsAny(text, "%％") {
		return text
	}
	return discountPercent.ReplaceAllString(text, " pct ")
}

// paymentChoice is cash named as a way to pay beside a card ("pagar al
// recibir en efectivo o con tarjeta"): no money is offered.
var paymentChoice = newWordClass("efectivo|cash|dinheiro|espèces|bar o|or|ou|oder tarjeta|card|cartão|carte|karte",
	"en|em|in efectivo|cash|dinheiro|espèces|bar o|or|ou|oder tarjeta|card|cartão|carte|karte",
	"efectivo|cash|dinheiro|espèces|bar o|or|ou|oder con|com|avec|mit|by tarjeta|card|cartão|carte|karte",
	"en|em|in efectivo|cash|dinheiro|espèces|bar o|or|ou|oder con|com|avec|mit|by tarjeta|card|cartão|carte|karte",
	"tarjeta|card|cartão|carte|karte o|or|ou|oder en|em|in efectivo|cash|dinheiro|espèces|bar",
	"tarjeta|card|cartão|carte|karte o|or|ou|oder efectivo|cash|dinheiro|espèces|bar",
	// Cash as the way the customer pays, if they do ("si pagas en
	// efectivo"): "pagas en efectivo en tu tienda" alone is how a product
	// is bought.
	"si pagas|paga|pague|pagan en efectivo", "se pagar|pagares|pagas em dinheiro", "if you pay in|by cash", "if you re paying in|by cash",
	"wenn sie|du bar zahlen|zahlst|bezahlen|bezahlst", "si vous payez en espèces")

// earnings are pay offered for work ("verdienen Sie bis zu 300 € am
// Tag"): an income, not money lent.
var earnings = newWordClass("verdienen sie bis zu #", "verdiene bis zu #", "earn|earning up to #", "gana|ganar|gane hasta #",
	"ganhe|ganhar até #", "gagnez|gagner jusqu à|a #")

// betIdioms are a business saying what it believes in, not a wager: "a
// gente aposta no grão especial", "apostamos por la calidad", "nous
// misons sur le local".
var betIdioms = newWordClass("a gente aposta", "apostamos", "nós apostamos", "misons", "on mise sur", "nous misons",
	// A washing machine's spin, a spinning class or a record's.
	"spin cycle|class|classes|bike|bikes|studio|records",
	// French "mise" in a hockey faceoff, an update, a setting-up.
	// "Mise à" anything is a setting, never a stake ("mise à jour", "mise à
	// taille", "mise à longueur des manches").
	"mise|mises au jeu", "mise|mises à _", "mise|mises en place|service|ligne|vente|route|œuvre|oeuvre|forme|relation|scène|scene|page|pli|plis|beauté|beaute",
	"best|safest|safe|good bet", "you bet")

// blanked marks the words of every match of wc ("_" before them), so that
// the mechanics after it do not read them; all itself is left as it is.
func blanked(all []string, wc *wordClass) []string {
	var out []string
	for k := 0; k < len(all); k++ {
		e := wc.at(all, k)
		if e < 0 {
			continue
		}
		if out == nil {
			out = slices.Clone(all)
		}
		for i := k; i < e; i++ {
			out[i] = "_" + all[i]
		}
		k = e - 1
	}
	if out == nil {
		return all
	}
	return out
}

// untilWords say "until" before a date written in figures.
var untilWords = map[string]bool{"ate": true, "hasta": true, "until": true, "till": true, "jusqu": true}

// withoutClockTimes returns the words with the German clock times and
// "ab sofort" (from now on) neutralised, so that opening hours ("von 8 bis
// 20 Uhr") are not an amount and a pickup ready "ab sofort" is not an
// instant payout. The words are copied only when there is one.
func withoutClockTimes(all []string) []string {
	var out []string
	for k, w := range all {
		// "bis 20 Uhr", "bis 20:30 Uhr".
		clock := w == "bis" && (k+2 < len(all) && all[k+2] == "uhr" || k+3 < len(all) && all[k+3] == "uhr" ||
			// A date: "bis 30.06.", "bis 4. Juli".
			// "bis 3.000 €" is an amount: a day has at most two digits, a
			// month written in figures two.
			k+2 < len(all) && textfold.IsDigits(all[k+1]) && len(all[k+1]) <= 2 &&
				(textfold.IsDigits(all[k+2]) && len(all[k+2]) <= 2 || slices.Contains(GermanMonths, all[k+2]))) ||
			// "Promoção válida até 12/10", "hasta 30/11": a date too.
			untilWords[w] && k+2 < len(all) && textfold.IsDigits(all[k+1]) && len(all[k+1]) <= 2 && textfold.IsDigits(all[k+2]) && len(all[k+2]) <= 2
		now := w == "sofort" && k > 0 && all[k-1] == "ab"
		if !clock && !now {
			continue
		}
		if out == nil {
			out = slices.Clone(all)
		}
		out[k] = "_" + w
	}
	if out == nil {
		return all
	}
	return out
}

// Bets are offered under many words ("palpite", "Gratiswette", "pari") and
// told by a bet word together with the betting trade: odds, a deposit, a
// tip on a match. English "bet" is left to the phrase list: "you bet",
// "your best bet" are everyday English.
var (
	betWords = newWordClass(
		"wager|wagers|wagering", "hold em", "holdem", "free # bet|bets",
		"stake # #", "de aciertos|acertos", "momio|momios", "palpite|palpites", "punt|punts", "flutter", "cravou|cravar|crave o placar", "apuesta|apuestas|apostar|apueste|apuesto", "aposta|apostas|apostar|aposte",
		"wette|wetten|wetteinsatz", "*wette", "*wetten", "parier|pariez|parie", "pari",
		"mise|misez|miser|mises", "jackpot|jackpots", "poker|póquer|pôquer", "slots",
		// A welcome bonus with a match or a game is a bookmaker's or a
		// casino's ("100 € Willkommensbonus" on the "Topspiel").
		"welcome bonus", "sign up bonus", "bono de bienvenida", "bônus|bonus de boas vindas", "willkommensbonus",
		"neukundenbonus", "bonus de bienvenue",
	)
	// German "Quote" is odds with its number ("Quote 3,5"); English "quote"
	// alone is a price estimate ("Get a free quote").
	odds = newWordClass("odd|odds", "pays|pagan|paga|pagam|zahlt|paie # a|to|zu|contre|for 1", "cuota|cuotas", "cotação|cotações|cotacao", "quoten", "quote #", "cote|cotes")
	// stakes are what odds are offered on or paid with.
	stakes       = newWordClass("deposit|depósito|einzahlung|dépôt", "tipp|tipps|palpite|palpites|pronóstico*|pronostic*")
	bettingTrade = newWordClass(
		"odd|odds", "cuota|cuotas", "cotação|cotações|cotacao", "quoten", "quote #", "cote|cotes", "# a|to|zu|contre 1",
		"deposit|depósito|einzahlung|dépôt", "tipp|tipps|palpite|palpites|pronóstico*|pronostic*",
		"*spiel", "partido", "jogo", "bundesliga", "liga", "champions", "bonus", "bônus", "bono", "prämie",
		"match", "spin|spins", "reels", "walzen", "rouleaux", "carretes", "rodadas",
		"tirage", "sorteo", "sorteio", "ziehung", "draw", "premier league", "laliga", "brasileirão", "ligue 1", "loto", "lotto",
		"race|races|racecard|racecourse|racing", "gold cup", "grand national",
		"tournament|torneo|torneio|turnier|tournoi", "buy in", "prize pool", "online", "real money", "cash game*",
		"clásico|clasico|derbi|derby|topspiel|kickoff", "kick off", "paga doble", "we ll match it", "fiver|tenner", "sieger",
	)
)

// Crash and instant-win games go by their titles; "Aviator" alone is also
// a sunglasses shape, so a title counts with the game's rounds, multiplier
// or cash-out beside it.
var (
	crashGames = newWordClass("aviator", "spaceman", "jetx", "aviãozinho", "tigrinho", "plinko")
	gameRounds = newWordClass("round|rounds|rodada|rodadas|ronda|rondas|runde|runden|manche|manches", "multiplier*",
		"multiplicador*", "multiplikator*", "multiplicateur*", "cash out", "cashout", "sacar|saque|saca", "auszahlen",
		"encaisser", "deposit*", "depósito*", "einzahlung*", "dépôt*", "bet|bets", "aposta*", "apuesta*")
)

// Games of chance for money are told by playing together with real money
// or a deposit ("Jogue no Tigrinho... depósito mínimo", "spin the wheel
// and win real cash"): a game played for a stake.
var (
	paidContest = newWordClass("enter|join the|a|our # contest|contests|tournament|league|pool",
		"entra|entre|únete|unete al|en el|a un concurso|torneo de #", "entre|participe no|do torneio|concurso de #",
		"rejoignez|entrez le concours|tournoi à|a #", "rejoignez|entrez dans le concours|tournoi à|a #")
	moneyPrize = newWordClass("win up to #", "gana|ganar hasta #", "ganhe|ganhar até #", "gewinne|gewinnen bis zu #",
		"gagnez|gagner jusqu à|a #")
	// A stake or an entry fee in figures ("Einsatz 5 €, Hauptgewinn
	// 10.000 €"): with a money prize, a paid contest however it is named.
	stakeAmount = newWordClass("einsatz|einsätze|spieleinsatz|startgeld #", "entry fee|fees #", "buy in #", "stake|stakes #", "mise|mises #",
		"inscripción|inscrição #", "cuota|taxa de inscripción|inscrição #")
	playWords  = newWordClass("play|playing|spin|jogue|joga|jogar|jogando|gire|juega|jugar|jugando|gira|spiel|spiele|spielen|dreh|drehen|jouez|jouer|jouant|tournez")
	realStakes = newWordClass("real cash|money", "dinero real", "dinheiro real", "echtgeld", "echtes|echtem geld", "argent réel",
		"deposit*", "depósito*", "deposite", "deposita", "einzahlung*", "einzahlen", "dépôt*")
)

// A first deposit matched, doubled or paid in spins is a casino's or a
// bookmaker's welcome offer ("200% match on your first deposit", "duplica
// tu primer depósito"); a bank's bonus for a first deposit is a bonus, not
// a match.
var (
	firstDeposit = newWordClass("first stake|bet|wager", "primera apuesta", "primeira aposta", "ersten|erste einsatz|wette",
		"premier pari|mise", "première mise", "first deposit", "primer depósito|deposito", "primeiro depósito|deposito", "erste einzahlung|ersteinzahlung", "premier dépôt|depot")
	depositMatch = newWordClass("match|matched|double|doubled|spins", "duplica|duplicamos|dobla|doblamos|giros", "dobra|dobramos|dobre|rodadas|giros", "verdopple|verdoppeln|verdoppelt|freispiele", "doublez|doublons|doublé|tours")
)

// A paid entry for a money prize is a lottery whatever it is called ("your
// $20 ticket to win up to $100,000", "rifa... R$ 10 o número", "daily
// fantasy contest for $5"): a ticket or entry word with a prize of money.
var (
	entryTickets = newWordClass("ticket|tickets", "boleto|boletos|billete|billetes", "cartón|cartones", "bilhete|bilhetes|cota|cotas|cartela|cartelas",
		"tippschein", "billet|billets|grille|grilles", "buy in", "entry fee")
	moneyPrizes = newWordClass("win up to #", "gana|ganá|ganar hasta #", "ganhe|ganha|ganhar até|ate #", "gewinne|gewinnen bis zu #",
		"gagnez|gagner jusqu à|a #", "jusqu à|a # à|a gagner", "# à|a gagner", "up to # to be won", "up to # to win", "hasta # en premios",
		"até # em prêmios|premios", "bis zu # zu gewinnen", "premios|prêmios|prizes de|of hasta|até|up to #",
		"prize pool", "bote", "premio mayor", "prêmio principal", "hauptgewinn", "gros lot", "preispool|gewinnpool|preisgeld",
		// What a ticket lets one "participate for" ("participa por una camioneta").
		"participa|participe|participas por un|una|el|la", "concorra|concorre a|ao",
		// A prize told by its size ("130 millions d'euros en jeu").
		"# million|millions|millones|milhões|millionen", "en jeu", "en juego", "em jogo")
	fantasyOrRaffle = newWordClass("fantasy sports", "daily fantasy", "fantasy contest*", "fantasy _ contest|contests|tournament|tournaments", "# daily contest|contests", "rifa|rifas", "bolão|bolao", "sweepstake",
		"raffle ticket*", "tômbola|tombola", "quiniela*", "sorteio pago")
)

// paidEntries and drawWords are entries bought for a draw.
var (
	paidEntries = newWordClass("entry|entries|chance|chances", "ticket|tickets", "participación|participaciones|número|números",
		"participação|números|cota|cotas", "los|lose|teilnahme", "participation|participations|numéro|numéros")
	prizeWords = newWordClass("win|wins|winner|winners|prize|prizes", "gana|ganar|ganador|ganadores|premio|premios",
		"ganhe|ganhar|ganhador|ganhadores|prêmio|prêmios", "gewinn*", "gagne|gagner|gagnez|gagnant|gagnants|lot|lots")
	winnerNotice = newWordClass("you won", "you have|ve won", "fue seleccionado|seleccionada|elegido|elegida como", "you have|ve been selected|chosen", "your ticket|number|entry was drawn",
		"salió|salio ganador|ganadora", "has ganado", "ganaste", "has sido|fuiste seleccionado|seleccionada|premiado|premiada",
		"ha sido premiado|premiada", "você|voce ganhou", "foi sorteado|sorteada|premiado|premiada|selecionado|selecionada",
		"sie haben gewonnen", "du hast gewonnen", "wurden ausgelost|gezogen", "vous avez gagné", "vous avez été tiré|tirée|sélectionné|sélectionnée",
		"tu as gagné")
	drawWords = newWordClass("draw|drawing|drawn", "sorteo|sorteamos|sortea", "sorteio|sorteamos|sorteia", "ziehung|verlosung|verlosen",
		"tirage|tiré|tirés au sort")
)

// A raffle free to enter, with nothing paid for a ticket, is a prize draw
// (a school fair's tombola, a ticket given to every family), not a
// lottery: a free-entry word and no price anywhere in the text.
var freeEntry = newWordClass("free", "free of charge", "no purchase necessary", "gratis", "gratuit|gratuite|gratuits|gratuites",
	"gratuito|gratuita|gratuitos|gratuitas", "grátis", "kostenlos|kostenlose|kostenloses|umsonst", "offert|offerte|offerts|offertes",
	"sin compra", "sem compra", "sans obligation d achat", "ohne kaufpflicht", "regalamos|regalado", "de regalo", "de brinde")

// priced reports whether a text names a price: a currency sign, or a
// currency word among its folded words.
func priced(text string, words []string) bool {
	return strings.ContainsAny(text, "€$£¥₹") || slices.ContainsFunc(words, func(w string) bool {
		switch w {
		case "eur", "euro", "euros", "usd", "dollar", "dollars", "pesos", "reais", "brl", "mxn", "gbp", "pfund", "pounds", "pence", "cents":
			return true
		}
		return false
	})
}

// venueWords are the bare names of a gambling venue. A casino named only as
// the place of a meal, a stay or a shop (a table at its brasserie, a room
// at its hotel, the Casino supermarket chain), with no game, stake, win or
// bonus anywhere in the text, is the place, not the vertical; with any of
// them it is refused as before.
var (
	venueWords  = map[string]bool{"casino": true, "cassino": true, "Spielbank": true, "Spielcasino": true}
	hospitality = newWordClass("restaurant*", "brasserie*", "buffet*", "grill", "bistro*", "bar", "café", "hotel*", "hôtel*",
		"spa", "table|tables|tisch|mesa|mesas", "reservation*|réservation*|reserva|reservas|reservierung*", "booking|booked|book",
		"dinner|dîner|cena|abendessen|lunch|déjeuner|almuerzo|almoço|mittagessen|brunch", "menu|menú|speisekarte|carta",
		"supermarket*|supermarché*|supermercado*|supermarkt*|hypermarché*|géant|magasin*|courses|livraison|drive",
		"terrasse|terraza|terraço", "room|rooms|chambre|chambres|habitación|zimmer|quarto", "parking|estacionamento|aparcamiento|parkplatz",
		"concert|concierto|show|spectacle|konzert", "théâtre|theatre|theater|teatro|opéra|opera|ballet|jazz|cinéma|cinema|kino|soirée",
		"exposición|exposição|exhibition|ausstellung|exposition|cultural|culturelle|kultur|kulturverein")
	gamePlay = newWordClass("play|plays|playing|played|game|games|gaming", "jeu|jeux|jouer|jouez|joueurs", "juego|juegos|jugar|juega|juegue",
		"jogo|jogos|jogar|jogue", "spiel|spiele|spielen|spielt|spieler", "bet|bets|betting", "apuesta*|apostar", "aposta*|apostar",
		"wette*|wetten", "pari|paris|parier|pariez|mise|mises", "chip|chips|jetons|jeton|fichas|ficha", "spin|spins|tours|giros|rodadas|freispiele",
		"slot|slots|machines|tragamonedas|automaten", "poker|póquer|pôquer", "roulette|ruleta|roleta", "blackjack", "jackpot*",
		"win|wins|winning|won|gagner|gagnez|gagné|ganar|gana|gane|ganhar|ganhe|gewinn*", "bonus|bono|bônus",
		"deposit*|dépôt|depósito|einzahlung", "credit|credits|crédits|créditos", "odds|cotes|cuotas|quoten")
)

// possessives name the recipient as the one who has something.
var possessives = map[string]bool{"your": true, "su": true, "tu": true, "seu": true, "sua": true, "ihr": true, "ihre": true,
	"ihres": true, "ihren": true, "ihrem": true, "dein": true, "deine": true, "deines": true, "deinen": true, "votre": true, "ton": true}

// ownLoan reports whether a listed lending phrase names the recipient's own
// loan in a servicing notice ("la cuota n.º 14 de su préstamo personal"),
// not an offer: a possessive before it and an instalment, a payment or a
// balance in the text. An offer worded around one is still found by its
// mechanics (lendingOffer).
func ownLoan(e *phraseEntry, words []string, k int) bool {
	if e.vertical != lending || !loanServicing.in(words) {
		return false
	}
	// A payment received on a loan the notice numbers ("Ihre Rate ... für
	// den Ratenkredit Nr. 123 ist eingegangen") is a receipt, whatever
	// article stands before it.
	return k > 0 && possessives[words[k-1]] || paymentOnLoan(words)
}

// receiptReach is how far apart, in words, a receipt word and a servicing
// word may stand and still speak of one payment: a notice's sentences are
// long with their parameters ("Ihre Rate in Höhe von {{1}} für den
// Ratenkredit Nr. {{2}} ist am {{3}} eingegangen" is 13 apart), and a
// sentence split misreads "Nr." as an end.
const receiptReach = 15

// paymentOnLoan reports whether a receipt word stands near a servicing
// word ("Ihre Rate ... ist eingegangen", "remaining balance"): "we've
// received your enquiry" far before a loan offered is no receipt.
func paymentOnLoan(words []string) bool {
	for k := range words {
		if e := paymentReceived.at(words, k); e >= 0 {
			if s, _ := loanServicing.find(words, k-receiptReach, min(len(words), e+receiptReach)); s >= 0 {
				return true
			}
		}
	}
	return false
}

// paymentReceived are the words of a payment received on a loan.
var paymentReceived = newWordClass("received|receipt|eingegangen|erhalten|recibido|recibida|recebido|recebida|reçu|reçue",
	"restschuld", "remaining balance", "saldo pendiente|devedor", "capital restant")

// loanServicing are the words of a notice about a loan the recipient has.
var loanServicing = newWordClass("instalment|instalments|installment|installments|repayment|repayments|payment|balance|statement|due",
	"cuota|cuotas|vencimiento|saldo|cargo|cargará|recibo", "parcela|parcelas|prestação|prestações|vencimento|débito",
	"rate|raten|abbuchung|fällig|kontoauszug", "mensualité|mensualités|échéance|échéances|prélèvement|relevé")

// folkGame reports whether a lottery's name is a parlour game's, played
// for nothing: Mexican "lotería" is a picture-card game of a café's game
// night; with a price anywhere it is a lottery again.
func folkGame(phrase string, words []string, k int, text string) bool {
	return lotteryNames[phrase] && k+1 < len(words) && words[k+1] == "mexicana" && !priced(text, words)
}

// placesDrawn reports whether a lottery's name is a draw for places that
// costs nothing and pays nothing: a school's admission lottery, a housing
// or a course's places drawn, with a waiting list ("not selected, number 12
// on the waitlist"). With a price or a prize anywhere it is a lottery again.
func placesDrawn(phrase string, words []string, k int, text string) bool {
	if !lotteryNames[phrase] || priced(text, words) || potWords.in(words) || prizeWords.in(words) {
		return false
	}
	return (k > 0 && allocated[words[k-1]]) || waitingList.in(words)
}

// What a draw for places allocates, and its waiting list.
var (
	allocated = map[string]bool{"admission": true, "admissions": true, "enrollment": true, "enrolment": true, "housing": true,
		"school": true, "placement": true, "kindergarten": true, "preschool": true, "seat": true, "seats": true}
	waitingList = newWordClass("waitlist|waitlisted", "wait list", "waiting list", "lista de espera", "warteliste", "liste d attente")
)

// venueOnly reports whether a listed phrase found in words is a venue's
// bare name used as a place, as venueWords says; a lottery's name used as
// a shop's (its opening hours, a closure, no ticket, draw or prize); or a
// coin's name in a warning that offers nothing ("we will never ask you to
// buy crypto").
func venueOnly(phrase string, words []string) bool {
	switch {
	case venueWords[phrase]:
		return hospitality.in(words) && !gamePlay.in(words)
	case lotteryNames[phrase]:
		return lotteryShop.in(words) && !gamePlay.in(words) && !lotteryPlay.in(words)
	case coinNames[phrase]:
		return scamWarning.in(words) && !coinOffer.in(words)
	case phrase == "staking":
		return gardenWords.in(words) && !coinWords.in(words)
	}
	return false
}

// gardenWords are a garden's: plants are staked too ("our staking kits and
// cages are 20% off").
var gardenWords = newWordClass("garden*", "tomato*", "plant|plants", "cages", "kits", "bamboo", "canes", "jardín", "jardim",
	"jardin", "garten", "tomate|tomates", "tomaten", "tutores", "tutoragem", "pflanzstäbe", "tuteurs")

// The lottery names a shop may carry, the words of its hours, and what a
// lottery sale says.
var (
	lotteryNames = map[string]bool{"lottery": true, "lotto": true, "Lotterie": true, "loterie": true, "lotería": true, "loto": true}
	lotteryShop  = newWordClass("retailer|store|shop|kiosk|annahmestelle|expendio|lotérica|tabac", "opening|holiday hours",
		"öffnungszeiten|geöffnet|geschlossen|inventur", "horario|horarios|cerrado|cerrados|cerrada|cerramos|abrimos|permaneceremos",
		"administración|administracion", "horaires|fermé|fermeture", "cierra|cierran|abre|abren|quiosco|kiosco|festivo|volvemos",
		"closed|closing|open|reopen|reopens")
	lotteryPlay = newWordClass("ticket|tickets|draw|draws|numbers|jackpot|prize|prizes|winner|winners", "boleto|boletos|billete|sorteo|premio",
		"bilhete|sorteio|prêmio|aposta", "tippschein|los|lose|ziehung|gewinn|gewinne|jackpot", "billet|billets|tirage|grille|gagnant|gros lot")
	// coinNames are the bare coin words a warning may name.
	coinNames   = map[string]bool{"crypto": true, "cryptocurrency": true, "bitcoin": true, "Krypto": true, "cripto": true, "cryptomonnaie": true}
	scamWarning = newWordClass("scam|scams|scammer|scammers|fraudster|fraudsters|fraud", "never ask|asks", "will never",
		"estafa|estafas|estafadores|fraude", "nunca te|le pediremos|pedimos", "golpe|golpes|golpistas", "nunca pedimos",
		"betrug|betrüger|betrugsmasche", "niemals", "arnaque|arnaques|escroc|escrocs", "jamais")
	coinOffer = newWordClass("buy|invest|earn|returns|profit|profits|trade|trading|deposit|bonus", "compra|invierte|gana|ganancias",
		"compre|invista|ganhe|lucro", "kaufen|investieren|gewinn|rendite", "achetez|investissez|gagnez|rendement")
)

// chanceGames are games of chance that are gambling when played for money
// ("bingo night every Thursday with cash prizes"), and cashPrizes that money.
var (
	chanceGames = newWordClass("bingo|bingos|keno|loto|tombola|tômbola|fantasy")
	cashPrizes  = newWordClass("cash prize|prizes", "money prize|prizes", "premio|premios en efectivo|metálico", "prêmio|prêmios em dinheiro",
		"geldpreis|geldpreise|bargeldpreis|bargeldpreise", "prix|lots en espèces|argent")
)

// potWords are the pot a game of chance is played for.
var potWords = newWordClass("jackpot", "cagnotte", "gros lot", "bote", "pozo acumulado", "prêmio acumulado", "acumulado",
	"jackpot*")

// bothFound reports whether the words hold a phrase of class a and one of
// class b, anywhere, and returns the first of each, a's then b's, as a
// refusal quotes them.
func bothFound(all []string, a, b *wordClass) (string, bool) {
	as, ae := a.find(all, 0, len(all))
	if as < 0 {
		return "", false
	}
	bs, be := b.find(all, 0, len(all))
	if bs < 0 {
		return "", false
	}
	return strings.Join(all[as:ae], " ") + ", " + strings.Join(all[bs:be], " "), true
}

// lotteryOffer finds a paid entry with a money prize, or a game played for a
// pot ("jouez 2 € et tentez de toucher la cagnotte").
func lotteryOffer(all []string, priced bool) (string, bool) {
	if found, ok := bothFound(all, chanceGames, cashPrizes); ok {
		return found, true
	}
	if found, ok := bothFound(all, playWords, potWords); ok {
		return found, true
	}
	if fs, fe := fantasyOrRaffle.find(all, 0, len(all)); fs >= 0 && !(freeEntry.in(all) && !priced) && !winnerNotice.in(all) {
		return strings.Join(all[fs:fe], " "), true
	}
	// A game played for a money prize at a price ("jusqu'à 500 000 € à
	// gagner dès 2 €, jouez en ligne").
	if ps, pe := playWords.find(all, 0, len(all)); ps >= 0 && priced {
		if ms, me := moneyPrizes.find(all, 0, len(all)); ms >= 0 {
			return strings.Join(all[ps:pe], " ") + ", " + strings.Join(all[ms:me], " "), true
		}
	}
	ts, te := entryTickets.find(all, 0, len(all))
	// Entries sold for a draw are tickets under another name ("each entry
	// is just $10... drawing live on Sunday"), whatever the prize. A
	// recipient told they have already won and must pay is the prize scam,
	// which the review refuses as such.
	if es, ee := paidEntries.find(all, 0, len(all)); es >= 0 && priced && !winnerNotice.in(all) {
		if ds, de := drawWords.find(all, 0, len(all)); ds >= 0 && prizeWords.in(all) {
			return strings.Join(all[es:ee], " ") + ", " + strings.Join(all[ds:de], " "), true
		}
	}
	if ts < 0 {
		return "", false
	}
	ps, pe := moneyPrizes.find(all, 0, len(all))
	if ps < 0 {
		return "", false
	}
	return strings.Join(all[ts:te], " ") + ", " + strings.Join(all[ps:pe], " "), true
}

// bettingOffer finds a bet word with the betting trade in one text, or odds
// with a stake, or a first deposit matched, and returns the two.
func bettingOffer(all []string) (string, bool) {
	// Idioms are no bet for any of the rules below ("spin cycle", "mise
	// au jeu").
	all = blanked(all, betIdioms)
	if found, ok := bothFound(all, depositMatch, firstDeposit); ok {
		return found, true
	}
	if found, ok := bothFound(all, playWords, realStakes); ok {
		return found, true
	}
	// A contest entered for a price with a money prize ("Enter the $20
	// contest and win up to $10,000") is a paid fantasy or pool bet.
	if found, ok := bothFound(all, paidContest, moneyPrize); ok {
		return found, true
	}
	if found, ok := bothFound(all, stakeAmount, moneyPrizes); ok {
		return found, true
	}
	// Odds offered with a deposit or a tip are a bet without the word.
	if found, ok := bothFound(all, odds, stakes); ok {
		return found, true
	}
	// Crash and instant-win games named by title with their rounds or a
	// cash-out ("Bora pro Aviator? A cada rodada...").
	if found, ok := bothFound(all, crashGames, gameRounds); ok {
		return found, true
	}
	bs, be := betWords.find(all, 0, len(all))
	ts, te := bettingTrade.find(all, 0, len(all))
	if bs < 0 || ts < 0 {
		return "", false
	}
	return strings.Join(all[bs:be], " ") + ", " + strings.Join(all[ts:te], " "), true
}

// pointSpread is a team with a point spread ("Chiefs -3.5", "the Chiefs at
// -3.5", "KC +7.5"): a signed half point, which no score or price takes,
// after a capitalised name; spreadLine drops one followed by a unit ("-3.5
// °C", "-3.5 %" are no lines).
var (
	pointSpread = regexp.MustCompile(`(?:^|[\s:(])(\p{Lu}[\p{L}.]{1,20}\s+(?:at\s+|@\s*)?[+\-\x{2212}]\d{1,2}[.,]5)(?:$|[\s,;!?)]|\.(?:\s|$))`)
	unitAfter   = regexp.MustCompile(`^\s*(?:°|º|%|℃|℉|(?i:degrees|grad|grados|graus|degrés|km|kg|cm|mm|m|pts?|points|punkte|puntos|pontos)\b)`)
)

// spreadLine returns the first point spread of text, or "".
func spreadLine(text string) string {
	for _, m := range pointSpread.FindAllStringSubmatchIndex(text, -1) {
		if !unitAfter.MatchString(text[m[3]:]) {
			return text[m[2]:m[3]]
		}
	}
	return ""
}

// referenceCode is a booking or case reference ("BTC-20931", "NFT-0042"):
// letters and a hyphen before digits name no coin or product.
var referenceCode = regexp.MustCompile(`\b[A-Za-z]{2,5}-[0-9][0-9-]{2,}\b`)

// screenText is a text as the regulated screen reads it: each parameter a
// word of its own, reference codes out, disguised letters unmasked.
func screenText(text string) string {
	return textfold.Unmask(referenceCode.ReplaceAllString(withoutParams(text), " "))
}

// findVerticals returns, for each regulated vertical a text refers to, the
// first phrase found (the longest one where several start at one word), in
// the order the text mentions the verticals; then, when no listed phrase
// named health claims, the first health outcome claim healthClaim finds,
// as the words that make it; last, for each vertical still unnamed, the
// intent layer's combinations of generic slots (intentVerticals).
//
// The text is unmasked first (textfold.Unmask): a vertical disguised as
// "c4sino", "C.A.S.I.N.O" or "l0an" is the vertical.
func findVerticals(text string) []verticalHit {
	text = screenText(text)
	words := textfold.Words(text)
	byFirst := phrasesByFirstWord()
	var hits []verticalHit
	seen := map[string]bool{}
	for k, w := range words {
		var best *phraseEntry
		consider := func(cands []phraseEntry) {
			for i := range cands {
				e := &cands[i]
				if !seen[e.vertical] && matchAt(e.words, words[k:]) && (best == nil || len(e.words) > len(best.words)) {
					best = e
				}
			}
		}
		consider(byFirst[w])
		if stem, ok := strings.CutSuffix(w, "s"); ok && stem != "" {
			consider(byFirst[stem])
		}
		if best != nil && (venueOnly(best.phrase, words) || ownLoan(best, words, k) || folkGame(best.phrase, words, k, text) ||
			placesDrawn(best.phrase, words, k, text)) {
			best = nil
		}
		if best != nil {
			seen[best.vertical] = true
			hits = append(hits, verticalHit{Vertical: best.vertical, Phrase: best.phrase})
		}
	}
	if !seen[lending] {
		if offer, ok := lendingOffer(textfold.Words(percentsAsWords(text))); ok {
			hits = append(hits, verticalHit{Vertical: lending, Phrase: offer})
		}
	}
	if !seen[gambling] {
		if line := spreadLine(text); line != "" {
			hits = append(hits, verticalHit{Vertical: gambling, Phrase: line})
			seen[gambling] = true
		}
	}
	if !seen[gambling] {
		if bet, ok := bettingOffer(words); ok {
			hits = append(hits, verticalHit{Vertical: gambling, Phrase: bet})
		} else if lottery, ok := lotteryOffer(words, priced(text, words)); ok {
			hits = append(hits, verticalHit{Vertical: gambling, Phrase: lottery})
		}
	}
	if !seen[investment] && strings.ContainsAny(text, cryptoSymbols) {
		i := strings.IndexAny(text, cryptoSymbols)
		_, size := utf8.DecodeRuneInString(text[i:])
		hits = append(hits, verticalHit{Vertical: investment, Phrase: text[i : i+size]})
		seen[investment] = true
	}
	if !seen[investment] {
		if promise, ok := returnsPromise(spelledUnits(words)); ok {
			hits = append(hits, verticalHit{Vertical: investment, Phrase: promise})
		} else if ms, me := moneyMultiplied.find(words, 0, len(words)); ms >= 0 {
			hits = append(hits, verticalHit{Vertical: investment, Phrase: strings.Join(words[ms:me], " ")})
		} else if offer, ok := leverageOffer(words); ok {
			hits = append(hits, verticalHit{Vertical: investment, Phrase: offer})
		} else if ps, pe := presaleWords.find(words, 0, len(words)); ps >= 0 && coinWords.in(words) {
			hits = append(hits, verticalHit{Vertical: investment, Phrase: strings.Join(words[ps:pe], " ")})
		}
	}
	if !seen[healthClaims] {
		if sale, ok := rxSale(words); ok {
			hits = append(hits, verticalHit{Vertical: healthClaims, Phrase: sale})
			seen[healthClaims] = true
		}
	}
	if !seen[healthClaims] {
		if sale, ok := prescriptionFree(words); ok {
			hits = append(hits, verticalHit{Vertical: healthClaims, Phrase: sale})
			seen[healthClaims] = true
		}
	}
	if !seen[healthClaims] {
		if claim, ok := healthClaim(text, words); ok {
			hits = append(hits, verticalHit{Vertical: healthClaims, Phrase: claim})
			seen[healthClaims] = true
		}
	}
	for _, h := range hits {
		seen[h.Vertical] = true
	}
	return append(hits, intentVerticals(blanked(words, betIdioms), seen)...)
}

// screenVerticals is findVerticals for a text of a template in language
// lang. A German one is read a second time with ae, oe and ue reduced
// (textfold.Digraphs), so that German typed without umlauts ("Migraene",
// "Schlafstoerungen") is read as German typed with them; the second
// reading adds the verticals the first did not name.
func screenVerticals(text, lang string) []verticalHit {
	hits := findVerticals(text)
	if PrimaryLanguage(lang) != "de" {
		return hits
	}
	reduced := textfold.Digraphs(text)
	if reduced == text {
		return hits
	}
	for _, h := range findVerticals(reduced) {
		if !slices.ContainsFunc(hits, func(x verticalHit) bool { return x.Vertical == h.Vertical }) {
			hits = append(hits, h)
		}
	}
	return hits
}

// GermanMonths are the German month names, folded (textfold.Words):
// Stage A reads a date after "bis" with them ("bis 4. Juli"), and the
// classifier a newsletter's "News im März".
var GermanMonths = []string{"januar", "februar", "marz", "april", "mai", "juni",
	"juli", "august", "september", "oktober", "november", "dezember"}

// Prescription medicines sold without one are told by the missing
// prescription together with discreet shipping or a medicine only a
// prescription gets (potency, weight loss): "Viagra sin receta, envío
// discreto". Over-the-counter medicines ("rezeptfrei", "sin receta" in a
// pharmacy's offer) name neither.
var (
	noPrescription = newWordClass("without a|any prescription", "without prescription", "no prescription",
		"no doctor|gp visit|visits|appointment", "no doctor s visit", "without seeing|visiting a doctor", "without a doctor",
		"sin consulta|visita médica", "sin ir al médico", "sem consulta|ir ao médico", "ohne arztbesuch|arzttermin",
		"sans consultation", "sans voir de|un médecin", "sans passer par le médecin",
		"sin receta", "sem receita|prescrição", "ohne rezept", "sans ordonnance")
	discreetOrRx = newWordClass("discreet*", "discret*", "discreto|discreta", "diskret*", "viagra", "cialis", "sildenafil",
		"tadalafil", "ozempic", "wegovy", "semaglutid*", "potenz*", "erectile", "eréctil", "erétil", "adelgazar",
		"emagrecer", "minceur", "abnehm*", "weight loss", "slimming", "antibiotic*", "antibiótico*", "antibiotika",
		"steroid*", "esteroide*", "anabol*", "hgh", "somatropin*", "wachstumshormon*")
)

// Prescription-only medicines are not sold by message: a medicine that only
// a prescription gets (potency, slimming, sedatives, opioids, stimulants)
// named with a sale or a shipment ("Order Viagra online", "Ozempic shipped
// to you") is the vertical; a pharmacy's notice about the recipient's own
// prescription (a pickup, a refill) is not a sale.
var (
	rxOnly = newWordClass("viagra", "cialis", "levitra", "sildenafil*", "tadalafil*", "vardenafil*", "ozempic", "wegovy",
		"mounjaro", "saxenda", "semaglutid*", "tirzepatid*", "liraglutid*", "xanax", "alprazolam*", "valium", "diazepam*",
		"lorazepam*", "clonazepam*", "rivotril", "tramadol*", "oxycodon*", "oxycontin", "codein*", "fentanyl*", "adderall",
		"ritalin", "modafinil*", "zolpidem*", "ambien", "sibutramin*", "phentermin*", "fentermin*", "clenbuterol*",
		"isotretinoin*", "roacutan*", "hgh", "somatropin*", "wachstumshormon*", "growth hormone", "hormona del crecimiento",
		"hormônio do crescimento", "hormone de croissance",
		"testosterone|testosterona|testosteron|gestrinona|gestrinone|oxandrolona|oxandrolone|stanozolol|estanozolol|trenbolona|trenbolone",
		"potenzmittel*", "potenzpille*", "anabolika", "anabolizante*", "anabolisant*")
	saleWords = newWordClass("buy", "order", "shop", "shipped", "shipping", "delivered", "delivery", "online", "in stock",
		"price", "compra|compre|comprar|compralo", "pide|pida|pedir", "envío|envio", "entrega*", "precio", "en línea|linea",
		"preço", "chame", "kaufen|kaufe|bestellen|bestelle", "lieferung", "versand", "preis", "günstig", "achetez|acheter",
		"commandez|commander", "livraison", "prix", "en ligne", "sin receta", "sem receita", "ohne rezept", "sans ordonnance",
		"entregue|entregues|entregamos", "delivered to your door", "sem exame|exames", "sin exámenes|examen", "without tests", "ohne untersuchung", "sans examen|examens")
)

// rxSale finds a prescription-only medicine offered for sale.
func rxSale(all []string) (string, bool) {
	rs, re := rxOnly.find(all, 0, len(all))
	if rs < 0 || notices.in(all) {
		return "", false
	}
	ss, se := saleWords.find(all, 0, len(all))
	if ss < 0 {
		return "", false
	}
	return strings.Join(all[rs:re], " ") + ", " + strings.Join(all[ss:se], " "), true
}

// prescriptionFree finds a prescription medicine offered without one.
func prescriptionFree(all []string) (string, bool) {
	ns, ne := noPrescription.find(all, 0, len(all))
	if ns < 0 {
		return "", false
	}
	ds, de := discreetOrRx.find(all, 0, len(all))
	if ds < 0 {
		return "", false
	}
	return strings.Join(all[ns:ne], " ") + ", " + strings.Join(all[ds:de], " "), true
}

// matchAt reports whether text starts with the phrase's words; each word
// may carry a plural "s" ("paris gratuits" for "pari gratuit", "free
// spins" for "free spin").
func matchAt(phrase, text []string) bool {
	if len(text) < len(phrase) {
		return false
	}
	for i, w := range phrase {
		if text[i] != w && text[i] != w+"s" {
			return false
		}
	}
	return true
}

// Health outcome claims. A phrase list cannot hold them: "cures back pain",
// "cured my arthritis", "elimina el dolor de espalda", "lindert
// Gelenkschmerzen" are one claim written a thousand ways. So the "health
// claims" vertical also has a structural screen, run on each sentence of a
// text (claims rarely span sentences, and a sentence break ends the reach
// of a negation), that fires on any of:
//
//   - an outcome verb in any inflection (cure, treat, prevent, heal,
//     reverse, eliminate, relieve, reduce, ...) followed within
//     claimReach words by a disease, condition or symptom ("treats your
//     chronic back pain"), unless a negation comes before the verb in the
//     sentence ("is not intended to diagnose, treat, cure or prevent any
//     disease"); "treat" and its kin also not in a sentence about an
//     appointment or a session, where it is care given, not a promise;
//     "prevent" and its kin not next to a vaccine, which is public health;
//   - the end of a condition promised: an ending phrase ("say goodbye to",
//     "no more", "get rid of", "adiós a", "chega de", "nie wieder", "fini
//     les", ...) followed within claimReach words by a condition, or a
//     condition followed by a vanishing verb ("back pain gone", "die
//     Schmerzen verschwinden");
//   - a weight-loss promise: a losing verb with an amount ("lose 10 kg",
//     "pierde 5 kilos", "10 Kilo abnehmen"), or losing weight together with
//     a timeline or a guarantee in the same text;
//   - a condition together with a guarantee ("guaranteed results for your
//     arthritis") or a promised timeline ("acne-free in 7 days") in the same
//     text, unless the text is an appointment, pickup or prescription
//     notice, where a condition and a date are ordinary.
//
// A condition named on its own ("your diabetes check-up", "pick up your
// allergy prescription"), a vitamins discount, a pharmacy notice: none of
// them fires. English first, then Spanish, Portuguese, German and French in
// each list. Word patterns: a word folded as textfold.Words folds it ("word"),
// "pre*" any word starting with pre, "*suffix" any word ending with suffix
// (German compounds: "*schmerzen" is Rücken-, Kopf-, Gelenkschmerzen), "#"
// a number in ASCII digits (textfold.IsDigits, as the classifier reads
// one), "a|b" alternatives.

// maxClaimText bounds how much of a text the structural screen reads: 16
// times the longest text Stage A accepts (a BODY of 1024 characters of at
// most 4 bytes), so every text that can pass Stage A is read whole, and a
// huge one, refused for its length anyway, costs bounded time.
const maxClaimText = 16 << 10

// claimReach is how many words may stand between an outcome verb or an
// ending phrase and the condition it names ("cures your chronic lower back
// pain": three).
const claimReach = 4

// negationReach is how far before an outcome verb a negation, in the same
// sentence, cancels it ("is not intended to diagnose, treat, cure or
// prevent": "prevent" is seven words after "not").
const negationReach = 8

var (
	// claimVerbs are the outcome verbs, in their inflections.
	claimVerbs = newWordClass(
		"cure|cures|cured|curing", "heal|heals|healed|healing", "reverse|reverses|reversed|reversing", "beenden|beendet", "ends", "schützt|schützen sie|dich _ vor", "schützt|schützen sie|dich vor",
		"schützt|schützen sie|dich _ _ vor", "schützt|schützen sie|dich _ _ _ vor", "schützt|schützen sie|dich _ _ _ _ vor",
		"revertimos|revierte|revierten|revertir|revertemos|inversons", "met|mettent fin à|a", "pone|ponen fin a", "põe|poe fim a|ao|à",
		"regula|regulas|regulan|regulate|regulates|reguliert|régule|régulent", "rückgängig|ruckgangig", "geschichte",
		"silences|silence|silenced", "quitó|quito|quitaron", "reverte|revertem", "acabe|acaba com|con",
		"fix|fixes|fixed", "beat|beats|beating|beaten", "clear|clears|cleared|clearing", "banish|banished",
		"overcome|overcomes|overcame", "defeat|defeats|defeated", "conquer|conquers|conquered",
		"kick|kicks|kicked", "ditch|ditches|ditched", "balance|balances|balanced|stabilize|stabilizes|stabilise|stabilises",
		"keeps|keep your|their", "equilibra|equilibran|estabiliza|estabilizan|mantiene|mantienen", "equilibra|estabiliza|mantém",
		"stabilisiert|hält", "équilibre|équilibrent|stabilise|stabilisent|maintient", "wipe|wipes|wiped out", "knock|knocks|knocked out",
		// Fat and stones said to melt, burn or dissolve, senses restored,
		// and a product "effective against" a condition.
		"melt|melts|melted|melting", "burn|burns|burned|burning", "dissolve|dissolves|dissolved", "flush|flushes",
		"shrink|shrinks|shrank|shrunk", "restore|restores|restored", "derrite|derrete|derritió|derreteu",
		"schmilzt|verbrennt|löst", "fait|font fondre", "brûle|brûlent",
		"effective|eficaz|efectivo|efetivo|wirksam|efficace against|contra|gegen|contre",
		"regulate|regulates|regulated", "regula|regulan|reguló", "regula|regulam|regulou|regulariza", "reguliert|regulieren",
		"régule|régulent|régularise",
		"erase|erases|erased", "borra|borran|elimina", "apaga|apagam", "glättet|glätten|entfernt", "efface|effacent",
		"rebuild|rebuilds|regenerate|regenerates", "regenera|regeneran|regeneramos|reconstruye|reconstruyen", "regenera|regeneram|regeneramos|reconstrói", "régénérons",
		"regeneriert|regenerieren", "régénère|régénèrent|reconstruit", "faire|fait|font baisser", "hace|hacen bajar", "faz|fazem baixar",
		// "control" is also a noun ("el control de su diabetes"): only
		// the verb forms that are not.
		"controls|controlled", "controla|controlan|controló|controlaron|controlam|controlou|controlaram",
		"kontrolliert|kontrollieren", "contrôlent",
		// Spanish, Portuguese and French verbs in every common tense and
		// person ("curaron", "aliviou", "soulagé"): a claim is as often a
		// testimonial in the past as a promise in the present.
		conjugated("es", "curar", "sanar", "eliminar", "aliviar", "acabar", "erradicar", "combatir", "revertir",
			"prevenir", "reducir", "calmar", "quitar"),
		conjugated("pt", "curar", "sarar", "eliminar", "aliviar", "acabar", "erradicar", "combater", "reverter",
			"prevenir", "reduzir", "acalmar"),
		conjugated("fr", "soigner", "éliminer", "soulager", "guérir", "prévenir", "réduire", "calmer", "stopper"),
		"heilt|heilen|heile|heilte|heilten|geheilt|heilend", "linderte|linderten|gelindert",
		"beseitigte|beseitigten", "bekämpfte|bekämpften", "stoppte|stoppten|gestoppt", "verhinderte|verhinderten",
		"senkte|senkten|gesenkt", "kurierte|kuriert", "befreit|befreite|befreien von",
		"prevent|prevents|prevented|preventing", "eliminate|eliminates|eliminated|eliminating",
		"eradicate|eradicates|eradicated", "relieve|relieves|relieved|relieving", "reduce|reduces|reduced|reducing",
		"lower|lowers|lowered|lowering", "stop|stops|stopped", "end|ends", "ease|eases", "kill|kills",
		"get|gets|got rid of", "protects|protect against", "schützt|schützen vor", "protege|protegen contra",
		"protège|protègent contre", "reinigt|reinigen|cleans|cleanse|cleanses|limpia|limpa|nettoie",
		"cura|curan|curar|curo|curó|curamos|cure|curará|curarás|curado|curada", "sana|sanan|sanar|sanó",
		"revierte|revierten|revertir", "previene|previenen|prevenir|prevenga|evita|evitan",
		"elimina|eliminan|eliminar|eliminó", "alivia|alivian|aliviar", "reduce|reducen|reducir", "acaba|acabar con",
		"combate|combaten",
		"curam|curou|curamos|curei", "sara|saram|sarar", "reverte|revertem|reverter", "previne|previnem|prevenir",
		"evite|elimine|eliminam|eliminou", "alivia|aliviam|aliviar", "reduz|reduzem|reduzir", "acabe|acaba com",
		"combata",
		"heilt|heilen|heile|geheilt|heilte", "kuriert|kurieren", "beugt|vorbeugen|verhindert|verhindern",
		"beseitigt|beseitigen", "lindert|lindern", "senkt|senken", "bekämpft|bekämpfen", "stoppt|stoppen",
		"guérit|guérir|guérissent|guéri|guérie|guérissez", "supprime|suppriment|supprimons", "soigne|soignent|soigner", "prévient|prévenir|préviennent",
		"élimine|éliminent|éliminer", "soulage|soulagent|soulager", "réduit|réduisent|réduire", "inverse|inverser",
		"combat|combattent", "vient|viennent à bout de",
	)
	// careVerbs are the outcome verbs that also describe care a clinic
	// gives: in a sentence about an appointment or a session they are no
	// promise.
	careVerbs = newWordClass(
		"treat|treats|treated|treating", "trata|tratan|tratar|tratamos", "tratam|tratamos",
		"behandelt|behandeln", "traite|traitent|traiter|traitons",
		// Help against a condition: a product's claim ("our gummies help
		// with anxiety", "Tropfen helfen gegen Tinnitus"), care when people
		// give it.
		"help|helps|helped|helping with|against|fight|combat|beat", "ayuda|ayudan|ayudó a combatir|con|contra",
		"ayuda|ayudan contra|con", "ajuda|ajudam|ajudou contra|com", "ajuda|ajudam|ajudou a combater",
		"hilft|helfen|half gegen|bei", "aide|aident|aidé contre", "aide|aident|aidé à combattre", "gut gegen",
	)
	// carers are the people who give care: a care verb in a sentence about
	// them ("our pharmacists help with allergy questions") is a service, not
	// a product's claim.
	carers = newWordClass("pharmacist*", "nurse*", "doctor*", "physician*", "therapist*", "physio*", "team", "staff",
		"farmacéutico*", "enfermer*", "médico*", "equipo", "fisioterapeuta*", "farmacêutico*", "equipe", "enfermeir*",
		"apotheker*", "pflege*", "arzt", "ärzt*", "therapeut*", "pharmacien*", "infirmi*", "médecin*", "équipe",
		"kiné*", "specialist*", "especialista*", "spezialist*", "spécialiste*")
	preventVerbs = newWordClass("protects|protect against", "schützt|schützen vor", "protege|protegen contra", "protège|protègent contre",
		"prevent|prevents|prevented|preventing", "previene|previenen|prevenir|prevenga",
		"previne|previnem", "beugt|vorbeugen|verhindert|verhindern", "prévient|prévenir|préviennent", "evita|evitan|evite")
	// endings promise that a condition ends.
	endings = newWordClass(
		// A testimonial that the condition no longer comes ("I haven't had
		// a single asthma attack since", "je ne souffre plus d'insomnie").
		"haven|hasn t had", "never had another|a", "not a single", "no longer suffer*|have|get",
		"ya no sufr*|padec*|tengo|tiene|tienen", "nao sofr*", "ne souffr* plus", "no he|ha vuelto a tener|sufrir", "nunca más tuve",
		"nao sofro|sofre|tenho|tem mais", "nunca mais tive|senti|sofri", "ne souffre|souffrez|souffrent|souffrais plus",
		"n ai|avez|a plus de|d", "leide|leidet nicht mehr an|unter", "nie mehr",
		"say|said goodbye|bye to", "goodbye|farewell to", "bye bye", "goodbye", "no more", "never again", "plus aucune|aucun", "end|ends your",
		"free from|of", "banish|banishes", "a life without", "kiss _ goodbye",
		"adiós|adios a|al", "adiós|adios", "di|dile|diga|digale adiós|adios", "olvídate|olvidate|olvide del|de",
		"no más", "nunca más", "se acabó|acabaron", "libre de", "libérate|liberate de|del",
		"adeus", "diga adeus", "chega de", "nunca mais", "fim da|do|das|dos", "livre de|da|do", "livre-se",
		"nie wieder", "schluss mit", "adieu", "tschüss|tschüs", "frei von", "befreit von", "ende der",
		"adieu", "dites adieu", "fini les|le|la", "finis les", "plus de", "plus jamais", "terminé les|le|la",
		"débarrassez|débarrasse vous|toi de|du|des", "libéré|libérée|libérez de|du|des",
	)
	// vanishing verbs say a named condition goes away.
	vanishing = newWordClass(
		// Ended, in the past too: a testimonial that a condition stopped.
		"stopped", "ended", "went away", "cleared up", "are|is over", "back to normal",
		"se detuvo|detuvieron|paró|pararon|terminó|terminaron|acabó|acabaron", "se fue|fueron", "se me|le quitó|quitaron",
		"vuelve|volvió|volvio a la normalidad", "parou|pararam|acabou|acabaram|sumiu|sumiram|passou|passaram",
		"voltou|volta ao normal", "aufgehört", "hörte|hörten auf", "verschwand|verschwanden", "vorbei",
		"wieder normal", "wieder im grünen|normalen bereich",
		// Problems with a condition said to be solved.
		"solved", "resolved", "resuelto|resueltos|resuelta|resueltas", "resolvido|resolvidos|resolvida|resolvidas",
		"gelöst", "réglé|réglés|réglée|réglées|résolu|résolus|résolue|résolues", "im normalbereich", "in|into the normal|healthy range",
		// A condition said to belong to the past, or healed over.
		"thing of the past", "cosa del pasado", "coisa do passado", "de l histoire ancienne", "abgeheilt|ausgeheilt",
		"en niveles normales", "em níveis normais", "dans la norme", "arrêté|arrêtés|arrêtée|arrêtées|cessé|cessés|cessée|cessées", "sont partis|parties",
		"redevenu|redevenue|redevient|redevenir|redevenues normal|normale|normales", "envolé|envolés|envolée|envolées",
		"gone", "disappear*", "vanish*", "cured", "healed", "reversed", "will be gone", "goes away", "go away",
		// Eased, in a testimonial ("their arthritis eased within a fortnight").
		"eased", "subsided", "se alivió|aliviaron", "aliviou|aliviaram", "gelindert|linderte", "soulagé|soulagée|atténuée|atténué",
		"desaparece*", "desaparecerá*", "curado|curada|curados", "se va|van", "adiós",
		"desaparece*", "some|somem|sumirá|sumirão", "curado|curada", "vai embora",
		"verschwinde*", "weg", "geheilt", "adé",
		"dispara*", "disparu*", "guéri|guérie|guéris",
		// A condition that returns to normal is one that ends.
		"normalize*", "normalise*", "normaliza*", "normalisiert", "normalisieren", "normalisent", "hört auf",
	)
	// claimPronouns stand for a condition named earlier.
	claimPronouns = newWordClass("it|them", "lo|la|los|las", "o|a|os|as", "ihn|sie|es", "le|la|les")
	// vanishingFirst are vanishing verbs in the order that puts them before
	// the condition.
	vanishingFirst = newWordClass("disappears|disappear|vanishes|vanish", "fait|font|faire disparaître", "hace|hacen|hacer desaparecer",
		"faz|fazem|fazer desaparecer", "lässt|lassen _ verschwinden", "desaparece|desaparecen|desaparecerá|desaparecerán|adiós al|a la",
		"desaparece|desaparecem|some|somem|sumirá|sumirão", "verschwindet|verschwinden|verschwand|verschwanden",
		"disparaît|disparaissent|disparaîtra|disparaîtront")
	// immunity is the immune system a product says it strengthens: with a
	// boosting verb before it, a health claim ("boosts your immune
	// system", "fortalece tus defensas", "stärkt das Immunsystem").
	immunity = newWordClass("immune system", "immunity", "defences|defenses", "sistema inmune|inmunitario|inmunológico",
		"defensas", "imunidade", "sistema imunológico|imune", "defesas", "immunsystem", "abwehrkräfte|abwehr",
		"système immunitaire", "immunité", "défenses immunitaires",
		// Hormones and sexual potency boosted are the same kind of claim.
		"testosterone", "testosterona", "testosteron", "testostérone", "libido", "potency", "potencia sexual",
		"potência", "potenz", "virilidad", "virilidade", "virilité", "metabolism", "metabolismo", "stoffwechsel",
		"métabolisme")
	boostVerbs = newWordClass("boost|boosts|boosted|boosting", "strengthen|strengthens|strengthened", "supercharge*",
		"refuerza|reforzar|fortalece|fortalecer|aumenta|potencia", "fortalece|fortalecer|reforça|reforçar|aumenta|turbina",
		"stärkt|stärken|stärkung|boostet|pusht", "renforce|renforcent|renforcer|booste|stimule|stimuler")
	// fatVerbs and fatWords make a promise of fat lost: a product that
	// burns fat is a weight-loss claim whatever the amount. Fat named alone
	// ("low-fat yoghurt") is no condition, so these are not conditions.
	fatVerbs = newWordClass("lose|loses|losing|shed|sheds|burn|burns|burning|melt|melts|melting|blast|blasts|torch|torches",
		// Brazilian "secar a barriga" dries the belly: fat lost.
		"seque|secar|seca|secou|secaram|sequei",
		"banish|banishes", "pierde|pierdes|perder|quema|quemar|queman|derrite",
		"perca|perder|perde|queima|queimar|queimam|queime|derrete", "adiós a",
		"verlieren|verliere|verbrennt|verbrennen|verbrenne|schmilzt|schmelzen", "weg mit",
		"perdez|perdre|perds|brûlez|brûler|brûle|brûlent", "fait|faites|font fondre")
	fatWords = newWordClass("fat", "belly", "tummy", "stomach", "love handles", "grasa", "grasas", "barriga", "panza",
		"abdomen", "gordura", "gorduras", "pochete", "fett", "bauch", "bauchfett", "hüftgold", "graisse", "graisses",
		"ventre", "bourrelets", "kilos", "quilos", "pounds", "pfunde", "kilos superflus", "kilos en trop")
	// outcomes are results on the body a product promises, named without
	// a condition: with a guarantee or a timeline they are a claim.
	outcomes = newWordClass(
		// A cure promised as a noun ("Heilung in nur 8 Sitzungen").
		"heilung", "guérison", "curación",
		"regrowth", "regrow", "hair growth", "recupera|recuperar|recupere|recuperá tu|su|seu|o cabello|pelo|cabelo",
		"retrouvez|retrouver vos cheveux", "volles haar", "crecimiento del cabello", "recrecimiento", "recrescimento",
		"crescimento capilar", "crescimento do cabelo", "haarwachstum", "nachwachsen", "repousse", "repousser",
		"make|makes your hair grow", "grow|grows back", "crecer de nuevo", "volver a crecer", "crescer de novo", "voltar a crescer",
		"years younger", "años más joven|jóvenes", "anos mais jovem|jovens", "jahre jünger", "ans de moins",
		"reverse|reverses|reversing ageing|aging", "biologically younger",
		"vigor masculino|sexual", "sexual performance|stamina", "haare _ wieder wachsen", "haare wieder wachsen",
		"pregnancy|pregnant|embarazo|embarazada|gravidez|grávida|schwangerschaft|schwanger|grossesse|enceinte",
		"regrows|regrowing|regrew", "manneskraft|potencia|potência|virilidad|virilidade|virilité", "vigor en la intimidad",
		"hace|hacen crecer pelo|cabello nuevo", "frena|frenar la caída", "reverse the signs of ageing|aging", "vigor masculino de volta",
		"durchschlafen", "quit smoking", "put|puts you to sleep", "stop snoring", "deja|dejar|dejarás|dejaras de roncar", "parar|pare de roncar",
		"nicht mehr schnarchen", "arrêter|arrêtez de ronfler", "ya no me duele", "já não dói|doi", "no longer hurts", "tut nicht mehr weh",
		"ne me fait plus mal", "caminar sin dolor", "volví a caminar", "schmerzfrei", "pain free", "arrêtez|arreter de fumer", "stop smoking",
		"dejar de fumar", "parar de fumar", "mit dem rauchen aufhören", "ya no te enfermas", "never get sick again", "nie wieder krank",
		"nunca mais fica doente", "plus jamais malade", "rejuvenesça|rejuvenesce|rejuvenece|rejuvenezca|rejuvenate|verjüngt|rajeunit # anos|años|years|jahre|ans",
		"rejuvenesça|rejuvenesce|rejuvenece|rejuvenezca|rejuvenate|verjüngt|rajeunit dez|diez|ten|zehn|dix|cinco|five|fünf|cinq anos|años|years|jahre|ans",
		"firmeza de tus|sus veinte", "recupera tu vigor", "elimina|quita # años|anos", "# años|anos menos", "desempeño|rendimiento sexual", "desempenho sexual", "potenz",
		"performance sexuelle", "revierte|revertir el envejecimiento", "reverte|reverter o envelhecimento",
		"alterung|altern umkehren", "kehrt die alterung um", "inverse|inverser le vieillissement", "hace|hacen crecer el cabello", "faz|fazem crescer o cabelo", "lässt|lassen die haare wachsen",
	)
	// conditions are diseases, conditions and symptoms a claim names.
	conditions = newWordClass(
		"haarausfall", "caída del cabello", "caida del cabello", "queda de cabelo", "chute de cheveux", "infertility|infertilidad|infertilidade|unfruchtbarkeit|infertilité",
		"arthrose|artrosis|artrose", "insomnie|insomnies|insomnio|insônia|insonia|schlaflosigkeit|schlafstörungen",
		"tinnitus|acúfenos|zumbido", "flacidez|flacidité|erschlaffung|sagging skin", "ibs", "irritable bowel",
		"gastritis|gastrite", "hemorroidas|hemorrhoids|hämorrhoiden|hémorroïdes", "autismo|autism|autismus|autisme", "reizdarm*", "rheuma*", "short sightedness", "myopia", "miopía", "miopia", "kurzsichtigkeit", "myopie",
		"troubles de la mémoire", "pertes de mémoire", "multiple sclerosis", "esclerosis múltiple", "esclerose múltipla", "multiple sklerose", "sclérose en plaques",
		"erectile dysfunction", "erektionsprobleme|erektionsstörungen|potenzprobleme", "disfunción eréctil", "disfunção erétil",
		"dysfonction érectile", "impotence|impotencia|impotência|impotenz|impuissance",
		"disease*", "illness*", "sickness*", "disorder*", "symptom*", "cancer*", "tumor*", "tumour*", "diabetes",
		"diabetic", "arthritis", "arthrosis", "osteoarthritis", "hypertension", "high blood pressure",
		"blood pressure", "blood sugar", "cholesterol", "obesity", "migraine*", "headache*", "back pain",
		"joint pain", "chronic pain", "pain", "pains", "aches", "acne", "eczema", "psoriasis", "rosacea", "rosacée|rosácea|rosazea", "gripes|gripas",
		"hair loss", "baldness", "insomnia", "anxiety", "depression", "asthma", "allergy", "allergies",
		"hay fever", "hayfever", "fiebre del heno", "rinite alérgica", "heuschnupfen", "rhume des foins",
		"infection*", "virus", "viruses", "covid*", "flu", "influenza", "common cold", "alzheimer*", "dementia",
		"parkinson*", "varicose veins", "gout", "osteoporosis", "heart disease", "kidney stones", "ulcer*",
		"hemorrhoid*", "haemorrhoid*", "herpes", "hiv", "aids", "impotence", "erectile dysfunction",
		"belly fat", "excess weight", "extra pounds", "wrinkles", "inflammation", "fatigue", "sciatica",
		"ache", "stiffness", "tinnitus", "ringing in the ears", "snoring", "cellulite", "prostate",
		"presión arterial", "rigidez", "acúfeno*", "tensión arterial", "ronquidos", "celulitis", "próstata",
		"pressão arterial", "zumbido no ouvido", "ronco", "celulite",
		"blutdruck", "steifheit", "gelenksteife", "ohrensausen", "schnarchen", "cellulite", "prostata",
		"tension artérielle", "raideur*",
		// French "tension" alone is blood pressure when it is someone's.
		"ma|ta|sa|votre|leur|notre tension", "acouphène*", "ronflement*",
		// Freedom from a condition in one German word ("schmerzfrei"): a
		// claim with a timeline or a guarantee, like the condition itself.
		"schmerzfrei*", "beschwerdefrei*", "symptomfrei*",
		// German compounds of complaints, illnesses and attacks
		// ("Bandscheibenbeschwerden", "Asthmaanfall").
		"*beschwerden", "*erkrankung", "*erkrankungen", "*anfall", "*anfälle", "asthma*", "*leiden",
		// Colds and flu in every language.
		"zumbido*", "colds", "gripe", "gripado|gripada|gripados|gripadas",
		"schuppenflechte", "neurodermitis", "psoríase", "a1c", "hba1c", "glycémie",
		"cartilage", "cartílago", "cartilagem", "knorpel", "thyroid*", "tiroides", "tireoide", "schilddrüse*", "thyroïde",
		"alopecia", "alopécie", "alopezie", "hernia de disco", "hernia discal", "hérnia de disco", "bandscheibenvorfall", "hernie discale",
		"herniated|slipped disc|disk",
		// Cataracts, sciatica, flu and colds in German and French.
		"cataratas|cataracts|cataract|cataracte|cataractes", "grauer star", "sciatique|ciática|ischias", "grippe", "erkältung|erkältungen", "rhume|rhumes",
		// Kidney failure, sneezing and itchy eyes.
		"insuficiencia renal", "insuficiência renal", "kidney failure", "niereninsuffizienz", "insuffisance rénale",
		"sneezing", "itchy eyes",
		// Prediabetes and allergies by their German compounds.
		"prediabetes|prediabetic|prädiabetes|prédiabète", "*allergie", "*allergien", "alergia|alergias",
		// Addictions and phobias, Lyme disease, spinal discs.
		"alcoholism|alcoholismo|alcoolismo|alkoholismus|alcoolisme", "phobia|phobias|fobia|fobias|phobie|phobien",
		"borreliose|borreliosis", "lyme disease", "enfermedad de lyme", "doença de lyme", "maladie de lyme", "bandscheiben*",
		// Menopause's symptoms, and torn ligaments.
		"hot flushes|flashes", "brain fog", "sofocos", "calorões|fogachos", "hitzewallungen", "bouffées de chaleur",
		"torn|damaged ligament|ligaments", "ligamentos rotos|rasgados", "bänderriss", "ligaments déchirés",
		// Tendons and heels.
		"tendinitis", "tendinite", "tendinopathy", "tendinopatía", "tendinopathie", "sehnenentzündung", "sehnenscheidenentzündung",
		"fersensporn", "tennisarm", "heel spur|spurs", "tennis elbow", "espolón calcáneo", "epicondilitis", "esporão",
		"cotovelo de tenista", "épine calcanéenne", "epicondylite",
		// Breathing in sleep.
		"sleep apnea|apnoea", "obstructive sleep apnea|apnoea", "apnea del sueño", "apneia do sono", "schlafapnoe", "apnée du sommeil",
		// Fertility and women's health.
		"endometriosis", "endometriose", "endométriose", "infertility", "infertilidad", "infertilidade", "unfruchtbarkeit",
		"infertilité", "fibroids", "miomas", "myome", "fibromes",
		// Teeth and gums.
		"cavities", "tooth decay", "gum disease", "gingivitis", "periodontitis", "caries", "cárie|cáries", "gengivite",
		"periodontite", "karies", "parodontitis", "parodontose", "carie", "gingivite", "parodontite",
		"heartburn", "acid reflux", "acidez", "azia", "sodbrennen", "reflux", "brûlures d estomac", "circulation",
		"circulación", "circulação", "durchblutung*", "eyesight", "poor vision", "vista cansada", "miopía", "miopia",
		"myopie", "kurzsichtigkeit", "presbicia", "presbiopia", "visión", "visão", "sehkraft", "vue parfaite|nette", "hearing loss", "memory loss", "vision loss", "pérdida auditiva|visual",
		"pérdida de audición|memoria", "perda auditiva", "perda de memória|audição", "hörverlust", "gedächtnisverlust",
		"perte auditive", "perte d audition|mémoire", "body fat", "grasa corporal", "gordura corporal", "körperfett",
		"graisse corporelle",
		// Hangovers and wrinkles.
		"hangover*", "resaca*", "ressaca*", "kater", "gueule de bois", "arrugas", "rugas", "falten", "rides",
		// Skin, legs and cramps.
		"breakouts", "pimples", "blemishes", "granos", "espinillas", "espinhas", "pickel", "unreine haut",
		"restless legs", "piernas inquietas", "pernas inquietas", "unruhige beine", "jambes sans repos", "jambes lourdes",
		"cramps", "calambres", "cãibras", "câimbras", "krämpfe", "wadenkrämpfe", "crampes",
		// Digestion and balance complaints.
		"bloating", "constipation", "vertigo", "dizziness", "hinchazón", "estreñimiento", "mareo*", "vértigo*",
		"inchaço", "prisão de ventre", "tontura*", "blähungen", "verstopfung", "schwindel*", "ballonnement*",
		"vertige*", "sugar levels", "azúcar en sangre", "açúcar no sangue", "sugar in the blood", "sucre dans le sang", "your|tu|su|seu|sua|votre azúcar|açúcar|sugar|sucre", "niveles de azúcar",
		"níveis de açúcar", "zuckerwerte", "taux de sucre",
		"arteries", "arterias", "artérias", "arterien", "artères",
		"heart attack*", "stroke*", "infarto*", "ataque* cardiaco*", "ataque* cardíaco*", "herzinfarkt*",
		"schlaganfall*", "crise cardiaque", "derrame*", "gripa", "resfriado*", "catarro*", "erkältung*", "grippe", "rhume*",
		"enfermedad*", "cáncer", "diabetes", "artritis", "artrosis", "hipertensión", "presión alta",
		"colesterol", "obesidad", "migraña*", "jaqueca*", "dolor", "dolores", "acné", "calvicie",
		"caída del cabello", "insomnio", "ansiedad", "depresión", "asma", "alergia*", "infección*", "infecciones",
		"tumores", "várices", "varices", "gastritis", "gota", "osteoporosis", "impotencia", "disfunción eréctil",
		"grasa abdominal", "kilos de más", "síntoma*", "inflamación", "azúcar en la sangre", "glucosa",
		"doença*", "câncer", "cancro", "artrite", "hipertensão", "pressão alta", "obesidade", "enxaqueca*",
		"dor", "dores", "calvície", "queda de cabelo", "insônia", "insónia", "ansiedade", "depressão",
		"infecção", "infecções", "vírus", "varizes", "gastrite", "impotência", "disfunção erétil",
		"gordura abdominal", "gordura localizada", "quilos a mais", "sintoma*", "inflamação", "glicose",
		"krankheit*", "*krankheit", "*krankheiten", "krebs", "*krebs", "diabetes", "arthritis", "arthrose",
		"bluthochdruck", "cholesterin*", "übergewicht", "fettleibigkeit", "migräne", "*schmerz", "*schmerzen",
		"schmerz", "schmerzen", "akne", "haarausfall", "schlaflosigkeit", "schlafstörung*", "depression*",
		"asthma", "allergie*", "infektion*", "tumor*", "krampfadern", "gicht", "osteoporose", "impotenz",
		"erektionsstörung*", "bauchfett", "symptom*", "entzündung*", "blutzucker",
		"maladie*", "cancer", "diabète", "arthrite", "arthrose", "hypertension", "cholestérol", "obésité",
		"migraine*", "mal de dos", "mal de tête", "maux de tête", "maux de dos", "douleur*", "acné", "calvitie",
		"chute de cheveux", "insomnie", "anxiété", "dépression", "asthme", "allergie*", "infection*",
		"tumeur*", "varices", "goutte", "ostéoporose", "impuissance", "dysfonction érectile",
		"graisse abdominale", "kilos en trop", "symptôme*", "inflammation*", "glycémie",
		// Fungus, nerves and veins.
		"parasite*", "parásito*", "parasita*", "worms", "lombrices", "vermes", "würmer", "toxins", "toxinas", "toxinen",
		"toxines", "hair falling out", "se te cae el pelo|cabello", "cai o cabelo", "glucose", "blood glucose", "glycemia", "glucemia", "glicemia", "inhaler|inhalers", "inhalador*", "bombinha*",
		"nail fungus", "toenail fungus", "fungus", "fungal infection*", "athlete s foot", "neuropathy", "hongo|hongos",
		"hongos en las uñas", "micosis", "onicomicosis", "pie de atleta", "neuropatía", "fungo|fungos", "micose*",
		"frieira", "neuropatia", "nagelpilz", "fußpilz", "pilzinfektion*", "neuropathie", "mycose*", "champignon* des ongles",
		"remédio|remédios|remedio|remedios de|para pressão|presión|diabetes|tireoide|tiroides", "ciática", "ciático", "ischias", "sciatique", "diabète de type #", "type # diabetes",
		// Feet and kidneys ("curan el juanete y la fascitis plantar",
		// "previene las piedras en el riñón").
		"bunion|bunions", "plantar fasciitis", "hallux valgus", "juanete|juanetes", "fascitis plantar", "joanete|joanetes", "fascite plantar",
		"fasciite plantaire", "carpal tunnel", "túnel carpiano", "túnel do carpo", "karpaltunnelsyndrom", "canal carpien", "kidney stones", "kidney stone", "cálculos renales", "cálculo renal", "piedras en el|los riñón|riñones",
		"cálculos renais", "pedras nos rins", "pedra no rim", "nierensteine", "nierenstein", "calculs rénaux", "calcul rénal",
	)
	// loseVerbs and weightUnits make an amount of weight promised.
	loseVerbs = newWordClass(
		"lose|loses|lost|losing|drop|drops|dropped|shed|sheds|melt|melts|melted|burn|burns|burned|burnt|slimmed",
		"pierde|pierda|perder|perdé|baja|bajar|bajá|elimina|quema", "seque|secar|seca|secou|sequei", "perca|perder|perde|elimine|queime|emagreça|emagreca",
		"abnehmen|verlieren|verliere|purzeln|nehmen", "perdez|perdre|perds|brûlez|éliminez",
		// Weight "melted" ("faites fondre jusqu'à 5 kg").
		"fondre|fondez|derrite|derretir|derrita|derreta|derreter|schmelzen|schmilzt",
		conjugated("es", "bajar", "perder", "quemar", "eliminar", "adelgazar"), conjugated("pt", "perder", "queimar", "eliminar", "emagrecer"),
		"abgenommen|nimmst|nahm|verlor|verloren", conjugated("fr", "perdre", "brûler", "éliminer"),
		// An amount less ("5 Kilo weniger", "3 tallas menos", "minus 15 Kilo").
		"less|menos|weniger|moins|minus",
	)
	weightUnits = newWordClass("kg|kgs|kilo|kilos|kilogram*|kilogramm*|quilo|quilos|pound|pounds|lb|lbs|pfund|sizes|tallas|tamanhos|tailles|kleidergrößen|größen|dress")
	// weightLoss is losing weight named without an amount.
	weightLoss = newWordClass(
		// A flat belly is weight loss promised by its look.
		"flat stomach|belly|tummy|abs", "vientre|abdomen plano", "barriga chapada|negativa", "flacher bauch",
		"ventre plat",
		// German "abnehmen" split around its subject ("nehmen Sie
		// garantiert ab").
		"nehmen|nimmst|nimmt|nahm|nahmen ab", "nehmen|nimmst|nimmt _ ab", "nehmen|nimmst|nimmt _ _ ab",
		"lose weight", "weight loss", "burn fat", "fat loss", "slim down", "bajar de peso", "perder peso",
		"quita|quitar|quitan la panza|barriga|lonja|lonjas",
		// An amount of weight within a timeline ("11 stone in just 8 weeks").
		"# stone|kg|kilo|kilos|lbs|pounds|quilos in|en|em # days|weeks|months|días|semanas|dias|wochen|tagen|jours|semaines",
		"# stone|kg|kilo|kilos|lbs|pounds|quilos in|en|em just|only|solo|apenas|nur|seulement # days|weeks|months|días|semanas|dias|wochen|tagen|jours|semaines",
		"lose up to # of your body weight", "# of your body weight", "drop|lose a dress size",
		// Dress sizes told before and after ("Before: size 18... After: size 10").
		"before|after size|talla|tamanho|manequim|größe|taille #",
		"# cm de tour de taille|cintura", "# cm off your|the waist", "# cm de|da cintura", "# cm taillenumfang|bauchumfang",
		// British stones ("lose a stone in 30 days").
		"lose|shed|drop a|one|two|three stone|stones", "lose|shed|drop half a stone",
		"baja|bajá|bajas|bajes|baje de peso", "pierde|pierda|pierdes peso", "perca|perde|perdeu peso",
		"adelgazar|adelgaza|adelgace|adelgazarás", "pérdida de peso", "emagrecer|emagreça|emagreca|emagrecimento",
		"perda de peso", "abnehmen", "gewichtsverlust", "maigrir|maigrissez", "perte de poids", "perdre du poids",
	)
	// effortless and products make a weight-loss promise without a
	// timeline: losing weight "without diet or exercise", or attributed to
	// something swallowed ("shed those pounds with SlimFit capsules").
	effortless = newWordClass("without diet*|dieting|exercise|effort", "no diet|dieting|exercise", "sin dieta*|ejercicio|esfuerzo",
		"sem dieta*|exercício*|esforço", "ohne diät*|sport|hungern", "sans régime*|effort*|sport")
	ingested = newWordClass("capsule*", "pill*", "tablet*", "tea", "supplement*", "drops", "gummies", "shake*", "powder",
		"cápsula*", "pastilla*", "suplemento*", "gotas", "gomitas", "batido*", "chá", "comprimido*", "kapsel*",
		"tablette*", "tee", "tropfen", "pulver", "nahrungsergänzung*", "gélule*", "comprimé*", "tisane*", "complément*", "poudre",
		"café verde", "green coffee")
	weightOnly = newWordClass("pounds|lbs|kilos|kilo|kg|quilos|pfund|pfunde|weight|peso|gewicht|poids")
	// medicineQuit is medicine said to be given up.
	medicineQuit = newWordClass(
		"troque|troca|trocar|swap|replace|cambia|cambie|sustituye|sustituya|ersetzen|ersetze|remplacez|remplace a|o|la|el|your|tu|su|sua|seu|ihr|ihre|votre|l insulina|insulin|insuline|remédio|remédios|medicamento|medicamentos|medication|meds|pills|medikamente|médicaments",
		"deixou|deixaram|largou|largaram|larguei|deixei o|a|os|as|seu|sua remédio|remédios|insulina|medicação|medicamento|medicamentos",
		"parou|pararam|parei de tomar", "parei os|de remédios|remédio", "larguei os remédios", "dejó|dejaron|dejé de tomar", "no longer needs|need insulin|medication|meds|pills",
		"ya no necesita|necesitan|necesito insulina|medicamentos|pastillas", "ya no me inyecto|pongo insulina", "não me aplico|injeto mais insulina",
		"no longer inject insulin", "spritze|spritzt kein insulin mehr", "ne m injecte plus d insuline",
		"ya no tomo|toma|tomas|toman insulina|metformina|losartán|enalapril|estatinas|pastillas|medicamentos|medicación",
		"não tomo|toma|tomam mais insulina|metformina|losartana|remédio|remédios|medicamentos", "já não tomo|toma insulina|metformina|losartana|remédio|remédios",
		"no longer take|takes my|his|her|their|the insulin|metformin|statins|medication|meds|pills", "nehme|nimmt keine tabletten|medikamente mehr",
		"ne prends|prend plus de|d médicaments|insuline|metformine", "puedes|puede|pueden dejar la|las|el|los insulina|pastillas|medicamento|medicamentos",
		"pode|podem deixar a|o|os insulina|remédio|remédios", "can stop|quit|ditch your|the insulin|meds|medication|pills", "não precisa|precisam|preciso mais de|do|da remédio|insulina",
		"braucht|brauchen|brauche keine tabletten|medikamente|insulin mehr", "plus besoin de médicaments", "plus besoin d insuline",
		"came|come off their|his|her|my meds|medication|insulin",
		// Told as what customers could do ("able to stop their insulin
		// within 60 days").
		"able to stop|quit|ditch|drop their|his|her|my|your|the insulin|metformin|statins|medication|meds|pills|medicine",
		"able to come|get off their|his|her|my|your|the insulin|metformin|statins|medication|meds|pills",
		"pudieron|lograron|consiguieron dejar la|su|sus|las insulina|metformina|estatinas|pastillas|medicamentos",
		"conseguiram|conseguiu|puderam largar|deixar|parar a|o|os|as|sua|seu insulina|metformina|estatinas|remédios|medicamentos",
		"konnten|konnte ihr|ihre|das|die insulin|metformin|statine|medikamente|tabletten absetzen",
		"ont|a pu arrêter l|leur|leurs|son|ses insuline|metformine|statines|médicaments|traitement",
		"stopped|quit needing their|his|her|my|the inhaler|inhalers|insulin|medication|meds|pills|medicine",
		"no longer need|needs their|his|her|my|the inhaler|inhalers", "got off their|his|her|my meds|medication|insulin", "stopped|quit|ditched taking|their|his|her|my insulin|medication|medicine|pills",
		"stopped|quit|ditched insulin|medication|medicine|pills", "dejado|dejaron|dejó|abandonado la|su|sus insulina|medicación|medicamentos|pastillas",
		"deixaram|deixou|largaram|largou a|os|as insulina|medicação|remédios|medicamentos",
		"olvídate de la insulina", "olvídate de las pastillas", "forget your|the insulin|pills", "esqueça a insulina", "vergiss das insulin",
		"oubliez l insuline", "insulin|medikamente|tabletten abgesetzt|weggelassen", "arrêté|abandonné l|leur|leurs|les insuline|médicaments|traitement",
		// Medicine put away or thrown out ("put away their insulin pens").
		"put|puts|putting|threw|throw|thrown|tossed|toss away|out their|his|her|my|the insulin|meds|medication|medicine|pills|inhaler|inhalers",
		"put|threw|tossed their|his|her|my insulin|meds|medication|pills away|out", "guardaron|guardó|tiraron|tiró la|su|sus insulina|pastillas|medicamentos",
		"guardaram|guardou|jogaram|jogou fora a|o|os|as|sua|seu insulina|remédios|medicamentos", "insulinpen|insulinpens weggelegt|weggeworfen",
		"rangé|rangés|jeté|jetés leur|leurs|son|ses stylos à insuline", "rangé|rangés|jeté|jetés leur|leurs|son|ses médicaments")
	// drugFree promises a result without medicine: with a condition it is
	// a claim as a guarantee is.
	drugFree = newWordClass("without medication|medicine|drugs|pills|surgery|glasses", "drug-free",
		"sin gafas|lentes|cirugía|operación", "sem óculos|cirurgia", "ohne brille|operation", "sans lunettes|chirurgie", "sin medicamentos|pastillas|fármacos",
		"sem remédios|remédio|medicamentos", "ohne medikamente|tabletten", "sans médicaments",
		"sin necesidad de insulina|pastillas|medicamentos|medicación", "without insulin", "sem insulina", "ohne insulin", "sans insuline")
	// suffering asks about a condition to sell its relief: with an outcome
	// or care verb anywhere in the text it is a claim.
	suffering = newWordClass("suffering|suffer from", "do you suffer", "tired|sick of", "fed up with", "struggling with", "luchando con",
		"lutando contra", "kämpfen sie mit", "vous luttez contre", "cansado|cansada|harto|harta de|del",
		"cansado|cansada|farto|farta de|do|da", "satt von", "genug von", "marre de|du|des", "fatigué|fatiguée de|du|des", "sufres|sufre|padeces|padece de",
		"sofre|sofrendo com|de", "leiden sie|du an|unter", "souffrez|souffres vous|tu de|d")
	guarantees = newWordClass("guarantee*", "garantiza*", "garantía", "garantido*", "garantimos", "garantia",
		"garantiert", "garantie*", "garanti*", "proven", "comprobado", "comprovado", "bewiesen", "prouvé", "nachweislich",
		"refund every cent", "money back", "or your money back", "devolvemos tu dinero", "devolvemos seu dinheiro", "geld zurück",
		"satisfait ou remboursé",
		"clinically proven", "klinisch belegt|bewiesen", "científicamente comprobado", "cliniquement prouvé")
	// timelines are promised delays: "in 7 days", "en solo 2 semanas",
	// "overnight".
	timelines = newWordClass(
		// A first night or dose, or one month ("ab der ersten Nacht", "en un mes").
		// A cure in a number of sittings, or in one ("in nur 8 Sitzungen",
		// "en une seule séance").
		"in|en|em|within|innerhalb just|only|solo|sólo|apenas|nur|seulement # "+sessionUnits, "in|en|em|within|innerhalb # "+sessionUnits,
		"in|en|em|within one|a|une|una|uma|einer single|seule|sola|única|unica|einzigen "+sessionUnits,
		"ab der ersten nacht|einnahme|anwendung", "from the first night|dose", "desde la primera noche|toma", "desde a primeira noite|dose", "dès le premier soir|jour",
		"dès la première nuit|prise", "en|in|em|dans un|a|um|einem|une mes|month|fortnight|mês|monat|mois|semana|week|woche|semaine",
		"in|within|en|em|dans|innerhalb|binnen|sous|após|nach|after # day*|week*|month*|hour*|día*|dia*|semana*|mes|meses|mês|hora*|tag|tagen|tage|woche*|monat*|stunde*|jour*|semaine*|mois|heure*",
		"in|within|en|em|dans|innerhalb|binnen just|only|solo|sólo|apenas|nur|seulement|von # day*|week*|month*|día*|dia*|semana*|mes|meses|tag|tagen|tage|woche*|monat*|jour*|semaine*|mois",
		// The same with the amount in words ("in just two weeks", "in
		// wenigen Wochen").
		timelinePrefix+" "+numberWords+" "+timelineUnits,
		timelinePrefix+" just|only|solo|sólo|apenas|nur|seulement "+numberWords+" "+timelineUnits,
		// How long a product was used before the outcome ("after three
		// weeks", "au bout d'un mois", "nach einem Monat").
		"after|nach|tras|após|après # "+timelineUnits, "after|nach|tras|após|après # "+sessionUnits, "after|nach|tras|após|après "+numberWords+" "+timelineUnits,
		"after|nach|tras|após|après a|one|un|una|um|uma|une|einem|einer "+timelineUnits,
		"au bout d|de un|une "+timelineUnits, "au bout d|de # "+timelineUnits, "despues|después|depois de # "+timelineUnits,
		"despues|después|depois de un|una|um|uma "+timelineUnits,
		"by|before next week|month", "antes del|de próximo|proximo mes", "el|o próximo|proximo mes",
		"bis nächsten|nächste monat|woche", "d ici le mois prochain", "le mois prochain",
		// A number of days or weeks left unsaid ("en semanas", "in days").
		"in|within|en|em|dans|innerhalb days|weeks|días|dias|semanas|tagen|wochen|jours|semaines",
		"overnight", "de la noche a la mañana", "da noite para o dia", "über nacht", "du jour au lendemain",
	)
	// notices are the words of an appointment, session, pickup,
	// prescription or vaccination notice: care given or collected, not a
	// promise about a product.
	notices = newWordClass(
		"appointment*", "session*", "check-up", "checkup", "pickup", "pick-up", "pick up", "prescription*",
		"refill", "vaccin*", "cita*", "sesión", "sesiones", "consulta*", "receta*", "recoger", "retiro", "vacuna*",
		"sessão", "sessões", "agendamento", "receita*", "retirar", "retirada", "vacina*", "termin*",
		"sitzung*", "behandlungstermin*", "rezept*", "abholen", "abholung", "impf*", "rendez-vous", "rdv", "séance*",
		"ordonnance*", "retirer", "retrait",
	)
	vaccines = newWordClass("vaccin*", "vacuna*", "vacina*", "impf*", "immunization", "immunisation", "flu shot")
	// claimNegations cancel an outcome verb that follows them in the
	// sentence; claimNeutral words right after one undo it ("don't wait",
	// "no esperes").
	claimNegations = newWordClass("not", "no", "never", "don", "doesn", "isn", "cannot", "nor", "nunca",
		"jamás", "ni", "não", "nem", "nicht", "kein*", "nie", "niemals", "weder", "ne", "n", "pas", "jamais", "ni")
	claimNeutral = newWordClass("wait", "hesitate", "miss", "worry", "forget", "delay", "esperes", "esperar",
		"dudes", "olvides", "pierdas", "espere", "perca", "deixe", "esqueça", "warten", "verpassen", "zögern",
		"vergessen", "manquez", "attendez", "hésitez", "oubliez", "tardez")
)

// Pieces of timelines written with the amount in words.
const (
	timelinePrefix = "in|within|en|em|dans|innerhalb|binnen|sous"
	numberWords    = "two|three|four|five|six|ten|fourteen|twenty|thirty|sixty|ninety|few|dos|tres|cuatro|cinco|seis|diez|treinta|sesenta|noventa|pocas|pocos|dois|duas|três|quatro|trinta|sessenta|" +
		"poucas|poucos|zwei|drei|vier|fünf|sechs|zehn|wenigen|paar|deux|trois|quatre|cinq|dix|quelques"
	timelineUnits = "day*|week*|month*|día*|dia*|semana*|meses|tag|tagen|tage|woche*|monat*|jour*|semaine*|mois"
	// sessionUnits are treatments counted in sittings ("in nur 8 Sitzungen",
	// "en une seule séance").
	sessionUnits = "session|sessions|sesión|sesion|sesiones|sessão|sessao|sessões|sessoes|sitzung|sitzungen|séance|séances"
)

// amountWords are numbers written as words, for weight amounts.
var amountWords = newWordClass(numberWords)

// Phrase syntaxes. Stage A writes two kinds of list, the classifier a third
// (classify/lexicon.go), and their syntaxes have drifted apart. Merging the
// compilers would change what both stages match, so the differences are
// written here, once:
//
//   - Folding: Stage A's lists and texts fold with textfold.Words (letters
//     and digits only); the classifier's with tokenize, which keeps a
//     placeholder ({{}}), "%" and currency symbols (¤) as tokens a phrase
//     may name. Stage A blanks placeholders first (withoutParams) and
//     drops "%" (percentsAsWords spells it out where it matters).
//   - regulatedVerticals phrases are plain words, no wildcard or "#"; a slot
//     may list alternatives ("a|b", spelled out by phraseVariants, each
//     spelling a phrase of its own); each word also matches with a plural
//     "s" (matchAt). Neither other syntax knows plurals: they list
//     inflections.
//   - "word*" (any word starting with word) and "a|b" (alternatives of one
//     word each) mean the same in word patterns and the lexicon.
//   - "*word" (any longer word ending in word: German compounds) exists in
//     word patterns only; the lexicon refuses it.
//   - "#" (a number in ASCII digits, textfold.IsDigits) and "_" (any one
//     word) mean the same in both; "¤", "{{}}" and "%" exist in the
//     lexicon only.
//   - German written without umlauts: Stage A reads a German text twice,
//     the second time digraph-reduced (screenVerticals), and keeps its
//     lists as written; the lexicon reduces both sides, word by word.
//   - The lexicon's groups may be limited to a language (term.Lang) and
//     cancelled by words that follow (term.Unless), and weigh; Stage A's
//     lists only name a vertical, the longest phrase at a word winning.

// SlotsShareAWord reports a slot of a phrase, in either syntax, that holds
// a word twice ("limited spots|spots are"), or two neighbouring slots that
// hold the same word among different alternatives ("dites moi|dis moi",
// "send it|the money|the difference back"): the forms of a phrase written
// as if "|" separated phrases, when it separates the words of one slot,
// which then matches none of the intended phrases. Neighbours with the
// same alternatives ("eur|usd usd|eur", a pair) are meant.
func SlotsShareAWord(phrase string) (string, bool) {
	pieces := strings.Fields(phrase)
	for _, piece := range pieces {
		alts := strings.Split(piece, "|")
		for i, w := range alts {
			if slices.Contains(alts[i+1:], w) {
				return fmt.Sprintf("slot %q holds %q twice: write one phrase per alternative", piece, w), true
			}
		}
	}
	for i := 1; i < len(pieces); i++ {
		a, b := strings.Split(pieces[i-1], "|"), strings.Split(pieces[i], "|")
		if len(a) == 1 && len(b) == 1 || sameWords(a, b) {
			continue
		}
		for _, w := range a {
			if slices.Contains(b, w) {
				return fmt.Sprintf("slots %q and %q both hold %q: write one phrase per alternative", pieces[i-1], pieces[i], w), true
			}
		}
	}
	return "", false
}

// sameWords reports whether two slots hold the same alternatives, in any
// order.
func sameWords(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// wordPattern is one compiled pattern: its positions, each a set of
// alternatives.
type wordPattern [][]string

// wordClass is a list of word patterns, compiled on first use so that the
// functions that never validate a template do not pay for it at start.
type wordClass struct {
	raw  []string
	once sync.Once
	// The patterns indexed by their first position, so that a word is
	// checked against the few patterns that can start there: by exact
	// word, by the first or last indexLen letters of a prefix or suffix
	// alternative, and the rest (numbers, any word, short stems) loose.
	exact, prefix, suffix map[string][]wordPattern
	loose                 []wordPattern
	// heads and tails hold a bit for the first two and the last two bytes
	// of every exact and prefix (heads) and suffix (tails) key: a word
	// whose ends set neither bit starts no indexed pattern, so the three
	// map lookups are skipped for it (most words, in most of the classes
	// every text is screened with).
	heads, tails pairSet
}

// pairSet is a set of byte pairs, folded to 10 bits: a filter that may
// answer yes wrongly, never no.
type pairSet [1024 / 64]uint64

func pairBit(a, b byte) uint { return uint(a&31)<<5 | uint(b&31) }

func (s *pairSet) add(a, b byte)      { i := pairBit(a, b); s[i/64] |= 1 << (i % 64) }
func (s *pairSet) has(a, b byte) bool { i := pairBit(a, b); return s[i/64]&(1<<(i%64)) != 0 }

// headPair and tailPair are a word's first and last two bytes; a
// one-byte word is its byte and 0 (a key of one byte is indexed so).
func headPair(w string) (byte, byte) {
	if len(w) == 1 {
		return w[0], 0
	}
	return w[0], w[1]
}

func tailPair(w string) (byte, byte) {
	if len(w) == 1 {
		return 0, w[0]
	}
	return w[len(w)-2], w[len(w)-1]
}

// indexLen is how many letters of a prefix or suffix alternative index it.
const indexLen = 3

// newWordClass returns the class of the patterns, written as the comment on
// health claims says.
func newWordClass(patterns ...string) *wordClass { return &wordClass{raw: patterns} }

// compiled compiles the patterns once. A piece without alternatives that
// folds to several words ("check-up") becomes that many positions; an
// alternative must fold to one word. A pattern that breaks these rules is
// a mistake in the lists above: compiling panics, and TestHealthClaimLists
// compiles every list.
func (wc *wordClass) compiled() *wordClass {
	wc.once.Do(func() {
		wc.exact, wc.prefix, wc.suffix = map[string][]wordPattern{}, map[string][]wordPattern{}, map[string][]wordPattern{}
		for _, raw := range wc.raw {
			p := compileWordPattern(raw)
			for _, alt := range p[0] {
				switch {
				case alt == "#" || alt == "_":
					wc.loose = append(wc.loose, p)
				case alt[0] == '*' && len(alt) > indexLen:
					key := alt[len(alt)-indexLen:]
					wc.suffix[key] = append(wc.suffix[key], p)
					wc.tails.add(tailPair(key))
				case strings.HasSuffix(alt, "*") && len(alt) > indexLen:
					key := alt[:indexLen]
					wc.prefix[key] = append(wc.prefix[key], p)
					wc.heads.add(headPair(key))
				case strings.Contains(alt, "*"):
					wc.loose = append(wc.loose, p)
				default:
					wc.exact[alt] = append(wc.exact[alt], p)
					wc.heads.add(headPair(alt))
				}
			}
		}
	})
	return wc
}

func compileWordPattern(p string) wordPattern {
	var wp wordPattern
	for _, piece := range strings.Fields(p) {
		if piece == "#" || piece == "_" {
			wp = append(wp, []string{piece})
			continue
		}
		if !strings.Contains(piece, "|") {
			core := strings.Trim(piece, "*")
			words := textfold.Words(core)
			for i, w := range words {
				if i == 0 && strings.HasPrefix(piece, "*") {
					w = "*" + w
				}
				if i == len(words)-1 && strings.HasSuffix(piece, "*") {
					w += "*"
				}
				wp = append(wp, []string{w})
			}
			continue
		}
		var alts []string
		for _, alt := range strings.Split(piece, "|") {
			core := strings.Trim(alt, "*")
			words := textfold.Words(core)
			if len(words) != 1 {
				panic("template: health-claim pattern " + p + ": alternative " + alt + " is not one word")
			}
			alts = append(alts, strings.Replace(alt, core, words[0], 1))
		}
		wp = append(wp, alts)
	}
	if len(wp) == 0 {
		panic("template: health-claim pattern " + p + " has no word")
	}
	if why, bad := SlotsShareAWord(p); bad {
		panic("template: health-claim pattern " + p + ": " + why)
	}
	return wp
}

// matchWord reports whether a folded word fits one alternative.
func matchWord(alt, w string) bool {
	switch {
	case alt == "_":
		return true
	case alt == "#":
		return textfold.IsDigits(w)
	case len(alt) > 1 && alt[0] == '*':
		return strings.HasSuffix(w, alt[1:]) && len(w) > len(alt)-1
	case strings.HasSuffix(alt, "*"):
		return strings.HasPrefix(w, alt[:len(alt)-1])
	}
	return w == alt
}

// at returns the end (exclusive) of the longest pattern of the class that
// matches words from k, or -1.
func (wc *wordClass) at(words []string, k int) int { return wc.compiled().match(words, k) }

// match is at on a compiled class.
func (wc *wordClass) match(words []string, k int) int {
	w := words[k]
	end := -1
	if w != "" && wc.heads.has(headPair(w)) {
		end = longest(wc.exact[w], words, k, end)
		if len(w) >= indexLen {
			end = longest(wc.prefix[w[:indexLen]], words, k, end)
		}
	}
	if len(w) >= indexLen && wc.tails.has(tailPair(w)) {
		end = longest(wc.suffix[w[len(w)-indexLen:]], words, k, end)
	}
	return longest(wc.loose, words, k, end)
}

// longest is the end of the longest of ps that matches words from k, when
// it ends past end; else end.
func longest(ps []wordPattern, words []string, k, end int) int {
	for _, p := range ps {
		if k+len(p) > len(words) || k+len(p) <= end {
			continue
		}
		ok := true
		for i, alts := range p {
			if !slices.ContainsFunc(alts, func(a string) bool { return matchWord(a, words[k+i]) }) {
				ok = false
				break
			}
		}
		if ok {
			end = k + len(p)
		}
	}
	return end
}

// find returns the first match of the class in words[from:to]: its start
// and end (exclusive), or -1, -1.
func (wc *wordClass) find(words []string, from, to int) (int, int) {
	c := wc.compiled()
	for k := max(from, 0); k < to && k < len(words); k++ {
		if e := c.match(words, k); e >= 0 {
			return k, e
		}
	}
	return -1, -1
}

// in reports whether the class matches anywhere in words.
func (wc *wordClass) in(words []string) bool {
	k, _ := wc.find(words, 0, len(words))
	return k >= 0
}

// sentences splits a text where a sentence or clause ends (. ! ? ; : and
// line breaks) and folds each part into words. A full stop between digits
// ("1.5 kg") does not end a sentence.
func sentences(text string) [][]string {
	var out [][]string
	start := 0
	for i, r := range text {
		end := false
		switch r {
		case '!', '?', ';', ':', '\n', '¡', '¿', '…':
			end = true
		case '.':
			end = i+1 >= len(text) || text[i+1] == ' ' || text[i+1] == '\n'
		}
		if end {
			if ws := spelledUnits(textfold.Words(text[start:i])); len(ws) > 0 {
				out = append(out, ws)
			}
			start = i + 1
		}
	}
	if ws := spelledUnits(textfold.Words(text[start:])); len(ws) > 0 {
		out = append(out, ws)
	}
	return out
}

// weekEnd is "week-end" or "week end" written as two words.
var weekEnd = regexp.MustCompile(`(?i)\bweek[\s\-‐]+end\b`)

// healthClaim finds a health outcome claim in a text (all is its folded
// words), as the comment on health claims describes, and returns its words
// (folded, as the text has them) for the refusal to quote.
func healthClaim(text string, all []string) (string, bool) {
	if len(text) > maxClaimText {
		for i := maxClaimText; i > 0; i-- {
			if utf8.RuneStart(text[i]) {
				text = text[:i]
				break
			}
		}
		all = textfold.Words(text)
	}
	// "Week-end" is a noun, not the verb "end" ("ce week-end à la
	// boulangerie : 3 pains", bread, not pain).
	if weekEnd.MatchString(text) {
		text = weekEnd.ReplaceAllString(text, "weekend")
		all = textfold.Words(text)
	}
	// The sentences read number words before units as figures: so must all.
	all = spelledUnits(all)
	// Every form of claim names a condition or weight: without one, no
	// need to look further (most texts stop here).
	if !conditions.in(all) && !weightLoss.in(all) && !loseVerbs.in(all) && !outcomes.in(all) && !immunity.in(all) &&
		!fatWords.in(all) && !medicineQuit.in(all) {
		return "", false
	}
	sents := sentences(text)
	notice := notices.in(all)
	quote := func(ws []string, from, to int) (string, bool) { return strings.Join(ws[from:to], " "), true }
	for _, ws := range sents {
		sentNotice, sentVaccine := notices.in(ws) || carers.in(ws), vaccines.in(ws)
		for k := range ws {
			// An outcome verb, then a condition.
			if e := claimVerbs.at(ws, k); e >= 0 || careVerbs.at(ws, k) >= 0 {
				care := e < 0
				if care {
					e = careVerbs.at(ws, k)
				}
				_, ce := conditions.find(ws, e, e+claimReach+1)
				switch {
				case ce < 0, negated(ws, k):
				case care && sentNotice:
				case sentVaccine && preventVerbs.at(ws, k) >= 0:
				default:
					return quote(ws, k, ce)
				}
			}
			// A condition, then an outcome verb, as German puts the verb
			// last ("machen wir Ihre Arthrose in 3 Sitzungen rückgängig").
			if ce := conditions.at(ws, k); ce >= 0 && !negated(ws, k) {
				if vs, _ := claimVerbs.find(ws, ce, ce+claimReach+1); vs >= 0 && !negated(ws, vs) &&
					!(sentVaccine && preventVerbs.at(ws, vs) >= 0) {
					return quote(ws, k, vs+1)
				}
			}
			// Fat or a belly to lose, burn or melt ("lose belly fat",
			// "quema la grasa del abdomen", "perdez du ventre").
			if e := fatVerbs.at(ws, k); e >= 0 && !negated(ws, k) {
				if _, fe := fatWords.find(ws, e, e+claimReach+1); fe >= 0 {
					return quote(ws, k, fe)
				}
			}
			// An outcome verb with a pronoun for a condition named before
			// ("Hangover? Our shot cures it in 30 minutes").
			if e := claimVerbs.at(ws, k); e >= 0 && e < len(ws) && claimPronouns.at(ws, e) >= 0 && !negated(ws, k) && conditions.in(all) && !notices.in(all) {
				return quote(ws, k, e+1)
			}
			// Boosting the immune system.
			if e := boostVerbs.at(ws, k); e >= 0 && !negated(ws, k) && !sentVaccine {
				if _, ie := immunity.find(ws, e, e+claimReach+1); ie >= 0 {
					return quote(ws, k, ie)
				}
			}
			// An ending, then a condition.
			if e := endings.at(ws, k); e >= 0 {
				if _, ce := conditions.find(ws, e, e+claimReach+1); ce >= 0 {
					return quote(ws, k, ce)
				}
			}
			// A vanishing verb, then the condition ("desaparece el dolor
			// articular", "verschwinden die Schmerzen").
			if e := vanishingFirst.at(ws, k); e >= 0 && !negated(ws, k) {
				if _, ce := conditions.find(ws, e, e+claimReach+1); ce >= 0 {
					return quote(ws, k, ce)
				}
			}
			// A condition, then a vanishing verb.
			if ce := conditions.at(ws, k); ce >= 0 {
				if _, ve := vanishing.find(ws, ce, ce+claimReach+1); ve >= 0 {
					return quote(ws, k, ve)
				}
			}
			// A condition or a bodily outcome and a guarantee in one
			// sentence: a promise even in a shipping or refill notice
			// ("regrowth is guaranteed within 90 days").
			if ce := max(conditions.at(ws, k), outcomes.at(ws, k)); ce >= 0 {
				if gs, ge := guarantees.find(ws, 0, len(ws)); gs >= 0 && !negated(ws, gs) {
					return quote(ws, min(k, gs), max(ce, ge))
				}
			}
			// An amount of weight to lose, in digits or words ("drop two
			// dress sizes").
			if e := loseVerbs.at(ws, k); e >= 0 {
				for j := max(k-3, 0); j < k+4 && j < len(ws); j++ {
					if (matchWord("#", ws[j]) || amountWords.at(ws, j) >= 0) && j+1 < len(ws) && weightUnits.at(ws, j+1) >= 0 {
						return quote(ws, min(k, j), max(e, j+2))
					}
				}
			}
			// German "keine Migräne mehr": the condition between the
			// negation and "mehr".
			if strings.HasPrefix(ws[k], "kein") {
				if _, ce := conditions.find(ws, k+1, k+4); ce >= 0 && ce < len(ws) && ws[ce] == "mehr" {
					return quote(ws, k, ce+1)
				}
			}
		}
	}
	// A condition or weight loss with a guarantee or a timeline anywhere in
	// the text; a timeline in a sentence about shipping ("your flu tea
	// arrives in 2 days") is a delivery date, not a promise.
	if ts, te := claimTimeline(sents, all); ts >= 0 {
		if ws, we := weightLoss.find(all, 0, len(all)); ws >= 0 {
			return quote(all, min(ws, ts), max(we, te))
		}
		if cs, ce := conditions.find(all, 0, len(all)); cs >= 0 && !notice {
			return quote(all, min(cs, ts), max(ce, te))
		}
		if os, oe := outcomes.find(all, 0, len(all)); os >= 0 {
			return quote(all, min(os, ts), max(oe, te))
		}
	}
	// Weight lost without effort, or with something swallowed.
	if ws, we := weightLoss.find(all, 0, len(all)); ws >= 0 && !notice {
		if es, ee := effortless.find(all, 0, len(all)); es >= 0 {
			return quote(all, min(ws, es), max(we, ee))
		}
		if is, ie := ingested.find(all, 0, len(all)); is >= 0 {
			return quote(all, min(ws, is), max(we, ie))
		}
	}
	for k := range all {
		if e := fatVerbs.at(all, k); e >= 0 {
			if _, we := weightOnly.find(all, e, e+claimReach); we >= 0 && ingested.in(all) && !notice {
				return quote(all, k, we)
			}
		}
	}
	// A bodily outcome put down to something swallowed ("our NAD+
	// supplement makes you biologically 10 years younger").
	if os, oe := outcomes.find(all, 0, len(all)); os >= 0 && !notice {
		if is, ie := ingested.find(all, 0, len(all)); is >= 0 {
			return quote(all, min(os, is), max(oe, ie))
		}
	}
	// Medicine given up thanks to a product ("thousands of diabetics have
	// stopped insulin").
	if ms, me := medicineQuit.find(all, 0, len(all)); ms >= 0 && !notice {
		return quote(all, ms, me)
	}
	if ds, de := drugFree.find(all, 0, len(all)); ds >= 0 && !notice {
		if cs, ce := conditions.find(all, 0, len(all)); cs >= 0 {
			return quote(all, min(cs, ds), max(ce, de))
		}
	}
	if ss, se := suffering.find(all, 0, len(all)); ss >= 0 && !notice {
		// Something to swallow offered for it ("Tired of your prostate? Two
		// drops a day...") is the same pitch without a verb.
		if _, ce := conditions.find(all, se, se+claimReach+1); ce >= 0 && ingested.in(all) {
			return quote(all, ss, ce)
		}
		if _, ce := conditions.find(all, se, se+claimReach+1); ce >= 0 {
			for k := range all {
				if claimVerbs.at(all, k) >= 0 || careVerbs.at(all, k) >= 0 {
					return quote(all, ss, ce)
				}
			}
		}
	}
	if gs, ge := guarantees.find(all, 0, len(all)); gs >= 0 {
		if ws, we := weightLoss.find(all, 0, len(all)); ws >= 0 {
			return quote(all, min(ws, gs), max(we, ge))
		}
		if cs, ce := conditions.find(all, 0, len(all)); cs >= 0 && !notice {
			return quote(all, min(cs, gs), max(ce, ge))
		}
	}
	return "", false
}

// deliveries are the words of a shipping notice.
var deliveries = newWordClass("ship*", "arriv*", "deliver*", "dispatch*", "llega*", "entreg*", "envi*", "chega*",
	"kommt|kommen", "versand*", "versendet", "geliefert", "liefer*", "zugestellt", "livr*", "expédi*")

// claimTimeline finds the first timeline in a sentence that says nothing
// of shipping, and returns its start and end in all, or -1, -1.
func claimTimeline(sents [][]string, all []string) (int, int) {
	for _, ws := range sents {
		ts, te := timelines.find(ws, 0, len(ws))
		if ts < 0 || deliveries.in(ws) {
			continue
		}
		// The same words in all: the first occurrence of the timeline.
		for k := range all {
			if e := timelines.at(all, k); e >= 0 && e-k == te-ts && slices.Equal(all[k:e], ws[ts:te]) {
				return k, e
			}
		}
	}
	return -1, -1
}

// negated reports whether a negation stands before word k of a sentence,
// within negationReach words, and is not one that only softens a call to
// act ("don't wait").
func negated(ws []string, k int) bool {
	for j := max(k-negationReach, 0); j < k; j++ {
		if claimNegations.at(ws, j) >= 0 {
			if j+1 < len(ws) && claimNeutral.at(ws, j+1) >= 0 {
				continue
			}
			if j+2 < len(ws) && (ws[j+1] == "t" || ws[j+1] == "le" || ws[j+1] == "les") && claimNeutral.at(ws, j+2) >= 0 {
				continue
			}
			return true
		}
	}
	return false
}

// conjugated returns one word-pattern alternative list with the common
// forms of regular verbs, given by their infinitives: present, past,
// future, participles and imperatives of Spanish and Portuguese -ar, -er
// and -ir verbs and French -er, -ir and -re verbs. Irregular forms the
// endings miss are listed beside the call.
func conjugated(lang string, infinitives ...string) string {
	endings := map[string]map[string][]string{
		"es": {
			"ar": {"a", "an", "ar", "o", "ó", "amos", "e", "en", "as", "ará", "arán", "arás", "ado", "ada", "ados", "adas", "aron", "aste", "aba", "aban", "ando", "é"},
			"er": {"e", "en", "er", "o", "ió", "emos", "a", "an", "es", "erá", "erán", "erás", "ido", "ida", "idos", "idas", "ieron", "iste", "ía", "ían", "iendo", "í"},
			"ir": {"e", "en", "ir", "o", "ió", "imos", "a", "an", "es", "irá", "irán", "irás", "ido", "ida", "idos", "idas", "ieron", "iste", "ía", "ían", "iendo", "í"},
		},
		"pt": {
			"ar": {"a", "am", "ar", "ou", "aram", "ei", "e", "em", "ará", "arão", "ado", "ada", "ados", "adas", "ando", "ava", "avam", "amos"},
			"er": {"e", "em", "er", "eu", "eram", "i", "a", "am", "erá", "erão", "ido", "ida", "idos", "idas", "endo", "ia", "iam", "emos"},
			"ir": {"e", "em", "ir", "iu", "iram", "i", "a", "am", "irá", "irão", "ido", "ida", "idos", "idas", "indo", "ia", "iam", "imos"},
		},
		"fr": {
			"er": {"e", "es", "ent", "er", "é", "ée", "és", "ées", "ez", "ons", "ait", "aient", "era", "eront", "erez"},
			"ir": {"it", "is", "issent", "ir", "i", "ie", "ies", "issez", "issons", "issait", "ira", "iront", "irez"},
			"re": {"", "s", "t", "ent", "re", "u", "ue", "us", "ez", "ons", "ait", "ra", "ront", "rez"},
		},
	}
	var forms []string
	for _, inf := range infinitives {
		class, stem := inf[len(inf)-2:], inf[:len(inf)-2]
		// French -ger and -cer verbs keep their sound before a and o.
		for _, end := range endings[lang][class] {
			w := stem + end
			if lang == "fr" && strings.HasSuffix(stem, "g") && (strings.HasPrefix(end, "a") || strings.HasPrefix(end, "o")) {
				w = stem + "e" + end
			}
			if lang == "fr" && class == "re" && strings.HasSuffix(stem, "ui") {
				// réduire: réduit, réduisent, réduisez.
				switch end {
				case "ent", "ez", "ons", "ait":
					w = stem + "s" + end
				case "u", "ue", "us":
					w = stem + "t" + end[1:]
				}
			}
			if w != "" && !slices.Contains(forms, w) {
				forms = append(forms, w)
			}
		}
	}
	return strings.Join(forms, "|")
}

// The intent layer. The phrase list and the structural screens above
// name the wording of offers seen before; new wording slips past them. The
// intent layer reads what a text is trying to get the recipient to do,
// from generic slots rather than phrases: each vertical has a few slots
// (what is sold, what it promises, how it reaches the recipient), each
// slot a short class of words in the five languages, and a vertical fires
// when the combination its intent needs is all present in one text. A slot
// alone is ordinary vocabulary ("capsules", "guaranteed", "pain", "cash",
// "deposit"); only their combination is the pitch. The refusal quotes
// every slot's words, so that it says what fired.
type intentSlot struct {
	name string
	wc   *wordClass
}

// intentRule is one combination: every slot of all must be found, and at
// least one of any when it is set; a notice (an appointment, a pickup, a
// prescription) cancels the rules that set exceptNotice, since care given
// or collected names a condition and a date without promising anything.
type intentRule struct {
	vertical     string
	all, any     []intentSlot
	exceptNotice bool
}

// Health intent: a remedy sold, an efficacy promised, a body or a
// condition it acts on. A remedy with an efficacy and no condition is a
// product's marketing ("results guaranteed or your money back"); a
// condition with a remedy and no efficacy is a pharmacy's offer.
var (
	intentRemedy = intentSlot{"remedy", newWordClass(
		"capsule*", "pill|pills", "tablet|tablets", "booster|boosters", "gumm*", "drops", "supplement*", "formula", "remed*", "cream",
		"serum", "patch|patches", "powder", "shake|shakes", "tea", "herbal", "herbs", "extract", "elixir", "tonic",
		"cápsula*", "capsula*", "pastilla*", "píldora*", "pildora*", "gotas|gotitas", "suplemento*", "fórmula", "remedio*",
		"tônico|tônicos|tónico|tónicos|suero|soro|sérum",
		"crema", "polvo", "té", "infusión", "hierba*", "extracto", "jarabe", "comprimido*", "remédio*", "remedio*",
		"creme", "chá", "cha", "erva*", "extrato", "xarope", "kapsel*", "tablette*", "pille|pillen", "tropfen",
		"nahrungsergänzung*", "ergänzungsmittel", "formel", "pulver", "kräuter*", "extrakt", "tee", "gélule*",
		"gelule*", "comprimé*", "pilule*", "gouttes", "complément*", "formule", "remède*", "crème", "tisane", "poudre",
		"plantes", "extrait", "sirop", "natural remedy", "natural treatment", "tratamiento natural", "tratamento natural",
		"natürliche mittel", "traitement naturel",
		"bottle|bottles|frasco|frascos|flasche|flacon|vidrio", "blend", "plan",
		"pillow|oreiller|almohada|travesseiro|kopfkissen", "trial bottle|pack", "shot|shots|spritze|injection|inyección|injeção", "oil|aceite|óleo|öl|huile", "cure détox|detox", "method|método|methode|méthode|programa|programm|programme", "this|our product", "este|nuestro|nosso|esse producto|produto", "dieses|unser produkt", "ce|notre produit", "nome do produto", "nombre del producto", "grandma|grandmother s", "remède de grand mère", "remedio de la abuela", "receita caseira", "hausmittel")}
	intentEfficacy = intentSlot{"efficacy", newWordClass(
		"guarantee|guaranteed", "miracle*", "clinically", "proven", "doctors hate", "doctors don t", "secret", "permanently",
		"forever", "for good", "without diet|dieting|exercise|surgery|gym", "no diet|exercise|surgery|gym",
		"in|within # days|weeks|hours", "# day|week results", "visible results", "real results", "works|worked in # days|weeks",
		"disappear*", "vanish*", "gone", "cure*", "heal|heals|healed", "reverse*", "eliminat*", "melt*", "banish*", "finally free",
		"garantizad*", "garantía", "milagro*", "milagros*", "clínicamente", "clinicamente", "comprobad*", "comprovad*",
		"los|os médicos|medicos", "secreto", "segredo", "para siempre", "para sempre", "definitivamente",
		"sin|sem dieta|dietas|ejercicio|gimnasio|cirugía|cirugia|academia|cirurgia|exercicio|exercício",
		"en|em # días|dias|semanas|horas", "desaparec*", "cura|curas|curó|curou|curan|curam", "sana|sanó", "elimina|eliminan|eliminou|eliminó",
		"acaba|acabe|acabó|acabou com|con", "adiós|adeus|chau|tchau", "garantid*", "garantiert*", "wunder*", "klinisch",
		"bewiesen", "nachgewiesen", "ärzte", "geheim*", "für immer", "dauerhaft", "endgültig",
		"ohne diät|sport|op|operation", "in # tagen|wochen|stunden", "verschwind*", "verschwunden", "heilt|heilen|geheilt",
		"beseitig*", "schluss mit", "garanti*", "miracle*", "cliniquement", "prouvé*", "médecins", "pour toujours",
		"définitivement", "sans régime|sport|chirurgie|opération", "en # jours|semaines|heures", "dispar*", "guéri*",
		"élimin*", "fini|finis|finie|finies les|le|la", "adieu",
		"dropped|lost|lose|losing # kg|kilo|kilos|lbs|pounds|dress|sizes", "perdí|perdi|perdió|perdeu|pierde|perca|pierda # kg|kilo|kilos|quilos|tallas|manequins", "# kilo|kilos|kg weniger", "verlor|verloren|abgenommen # kg|kilo", "perdu|perdez # kg|kilos|tailles", "no more", "swear by", "stopped|quit|dejó|dejé|deixou|deixei|abandonné|aufgehört", "stiffness gone", "feel # again", "en # semanas|semaines|wochen", "within weeks|days", "from the first", "desde la primera", "desde a primeira", "dès la première", "ab der ersten", "los|as|die|les pharmacies|farmacias|farmácias|apotheken hate|odian|odeiam|hassen|détestent", "détestent", "odian", "hassen", "100% natural|naturel|natürlich", "natural|naturales|naturais|naturel|naturelle|natürlich",
		"reduces|reduce|reduz|reduziert|réduit by|en|em|um|de # %", "restores|restaura|restaure|regenerates|regenera|regeneriert|régénère", "works|funciona|wirkt|fonctionne in|en|em|dans # days|días|dias|tagen|jours",
		"verdoppelt|verdreifacht|doubles|triples|duplica|dobra|double|triple",
		// A remedy that makes the medicine unneeded, resets the body, or
		// works after a stated time.
		"überflüssig|unnecessary|innecesario|innecesarios|desnecessário|desnecessários|inutile|inutiles", "ditch|ditched their|your meds|medication|pills",
		"after|nach|après|después|depois # days|weeks|wochen|tagen|jours|semaines|días|dias|semanas", "reset|resets|resetea|reinicia|réinitialise",
		"doctor approved", "ärztlich empfohlen", "wieder auf")}
	intentBody = intentSlot{"body or condition", newWordClass(
		"weight", "kg", "kilo|kilos", "pound|pounds", "lbs", "belly", "fat", "waist", "wrinkle*", "hair loss", "bald*",
		"joint|joints", "pain|pains", "blood sugar", "sugar levels", "diabet*", "blood pressure", "cholesterol", "prostate",
		"erection*", "libido", "potency", "memory", "eyesight", "vision", "hairline|receding", "folículo|folículos|follicle|follicles|follikel|careca|calvo|calva|chauve", "insomnia", "anxiety", "depression", "acne",
		"psoriasis", "eczema", "varicose", "arthritis", "cancer", "tumo*", "fungus", "hemorrhoid*", "migraine*", "tinnitus",
		"cellulite", "liver", "kidney*", "heart", "artery|arteries", "thyroid", "gout", "asthma", "neuropathy", "snoring",
		"peso", "kilo|kilos|quilos", "barriga", "grasa", "gordura", "cintura", "arruga*", "rugas", "calvicie", "calvície",
		"caída del cabello", "queda de cabelo", "articulaci*", "articula*", "dolor*", "dor|dores", "azúcar", "açúcar",
		"glucosa", "glicose", "glicemia", "glucemia", "presión", "pressão", "colesterol", "próstata", "erecci*", "ereção",
		"ereções", "memoria", "memória", "vista", "visão", "insomnio", "insônia", "ansiedad", "ansiedade", "depresión",
		"depressão", "acné", "acne", "várices", "varizes", "artritis", "artrite", "artrosis", "artrose", "cáncer", "câncer",
		"hongos", "fungos", "hemorroid*", "migraña*", "enxaqueca*", "celulitis", "celulite", "hígado", "fígado", "riñón*",
		"rim", "rins", "corazón", "coração", "tiroides", "tireoide", "gota", "asma", "gewicht", "bauch*", "fett", "falten",
		"haarausfall", "glatze", "gelenk*", "schmerz*", "*schmerzen", "blutzucker", "zucker", "blutdruck", "prostata",
		"erektion*", "potenz", "gedächtnis", "sehkraft", "schlaflosigkeit", "angst", "depression*", "akne", "krampfadern",
		"arthrose", "krebs", "pilz*", "hämorrhoiden", "migräne", "cellulite", "leber", "niere*", "herz", "schilddrüse",
		"poids", "ventre", "graisse", "rides", "perte de cheveux", "calvitie", "articulation*", "douleur*", "sucre",
		"glycémie", "tension", "cholestérol", "érection*", "mémoire", "insomnie", "anxiété", "dépression", "varices",
		"cancer", "champignon*", "hémorroïdes", "foie", "rein|reins", "cœur", "coeur", "thyroïde", "goutte",
		"hair|cabello|pelo|cabelo|haare|cheveux", "hearing|audición|audição|gehör", "bones|huesos|ossos|knochen", "stomach|estómago|estômago|magen|estomac", "gastritis|gastrite", "colitis|colite|kolitis", "reflux|reflujo|refluxo", "bloating|hinchazón|inchaço|blähungen|ballonnements", "nerves|nervios|nervos|nerven|nerfs", "cansancio|cansaço|müdigkeit",
		"testosterone|testosteron|testostérone|testosterona|testosteronspiegel",
		"insulin|insulina|insuline", "hormone|hormones|hormonas|hormônios|hormonen", "hot flushes|flashes",
		"menopaus*", "menopausia", "menopausa", "wechseljahre", "ménopause", "brain fog", "sleepless", "ohr|ohren|ear|ears|oreille|oreilles|oído|oídos|ouvido|ouvidos",
		"tinnitus*", "knorpel|cartilage|cartílago|cartilagem", "# stone|stones",
		"ronflement|ronflements|ronquido|ronquidos|ronco|roncos|schnarchen", "apnée|apnea|apneia|apnoe")}
)

// Lending intent: money, offered to someone short of it, with the ease of
// getting it ("Short on cash? {{1}} lands in your account, no questions").
var (
	intentNeedMoney = intentSlot{"money trouble", newWordClass(
		"need|needs cash|money|funds", "short on|of cash|money", "tight on|for cash|money", "bills piling up", "cash|money tight|short",
		"money problems|trouble|worries", "debt|debts", "necesitas|necesita dinero|plata|lana|efectivo", "falta|faltó dinero|plata|lana",
		"apretado|apretada de dinero", "deudas", "precisa|precisando de dinheiro|grana", "aperto|apertado", "dívidas|dividas",
		"sufoco", "contas atrasadas", "geld knapp", "brauchen|brauchst|benötigen sie geld", "geldsorgen|geldprobleme", "schulden",
		"besoin d argent", "besoin de liquidités|cash", "fin de mois difficile|difficiles", "dettes", "à découvert", "a decouvert",
		"bills due", "before payday", "end of the month", "fin de mes", "fim do mês|mes", "monatsende", "fin du mois", "tight this month", "te urge", "coup de pouce", "kein geld", "sin dinero", "sem dinheiro", "sans argent", "short on rent",
		"emergency|emergencia|emergência|notfall|urgence", "unexpected expense|expenses", "gasto|gastos inesperado|inesperados", "imprevisto|imprevistos", "unerwartete ausgaben|kosten", "imprévu|imprévus")}
	intentCash = intentSlot{"money offered", newWordClass(
		"in|into your checking|savings|bank account", "libera|libere|liberamos|liberado # ", "libere até #", "libere até r #", "te ingresamos|depositamos #", "libera|liberamos|liberado r # ",
		"te los|lo ingresamos|abonamos", "# sur votre compte",
		"up to #", "hasta #", "até #", "bis zu #", "jusqu à|a #", "# in|on|into your account", "# en|a tu|su cuenta",
		"# na|em sua|tua conta", "# auf ihr|dein konto", "# sur votre|ton compte", "get|receive|unlock # ",
		"recibe|recibí|obtén|obten|consigue #", "receba|recebe|pegue|libere #", "erhalte #", "erhalten|bekommen sie #",
		"recevez|obtenez #", "cash|money|funds today|tonight|now|fast", "dinero|plata|lana|efectivo hoy|ya|rápido|rapido",
		"dinheiro|grana hoje|já|rápido|rapido|na hora", "geld heute|sofort|schnell", "argent vite|rapidement", "argent aujourd hui",
		"loan*", "préstamo*", "prestamo*", "empréstimo*", "emprestimo*", "kredit*", "prêt|prêts", "crédito*", "crédit|credits",
		"send|sent|deposit|deposited|land|lands to|into|in your account", "to your account", "dinheiro liberado", "dinero liberado", "te adelantamos|depositamos|prestamos", "aufs konto", "versés|versé sous|en|dans", "# to #", "funds by|tomorrow|today")}
	intentEase = intentSlot{"easy access", newWordClass(
		"no questions", "no paperwork", "no credit", "no guarantor", "bad credit", "no matter your credit|history|score",
		"in minutes", "same day", "in # minutes|hours", "approved", "approval", "easy", "simple", "instantly",
		"sin papeles|papeleo|aval|buró|buro|preguntas|historial", "en minutos", "aprobado|aprobada|aprobación", "fácil|facil",
		"al instante", "mismo día", "sem burocracia|consulta|fiador|comprovação|perguntas", "em minutos", "aprovado|aprovada|aprovação",
		"fácil|facil", "na hora", "mesmo dia", "nome sujo", "negativado*", "ohne schufa|papierkram|bürgen|fragen", "in minuten",
		"genehmigt", "einfach", "sofort", "am selben tag", "sans justificatif*|garant|questions|paperasse", "en quelques minutes",
		"approuvé|approuvée", "facile", "immédiat*", "le jour même", "fiché|fichée|fichés",
		"bad credit ok", "decision in # minutes|hours", "in # minutes", "by tomorrow", "hoy mismo", "sous # h|heures", "sous 24h", "en # minutos", "sin papeleos", "sem consulta", "auskunft")}
)

// Gambling intent: a stake put in, a win multiplied or paid out, and a
// play ("put in $10, your number pays 70x").
var (
	intentStake = intentSlot{"stake", newWordClass(
		"deposit*", "stake|stakes|staking", "wager*", "bet|bets|betting", "top up", "buy in", "with just|only #", "depósit*", "deposit*", "apuest*", "recarga|recargas|recarg*", "con solo #", "aposta*", "aposte",
		"depósito*", "com apenas|só #", "einzahl*", "einsatz", "wette*", "mit nur #", "dépôt*", "mise|mises|misez",
		"pari|paris|pariez", "avec seulement|juste #",
		"free play", "first deposit", "stick a fiver|tenner", "lock in your pick", "pick|picks", "tippe|tipp|tipps", "palpite|palpites", "pronostic|pronostics|pronóstico|pronósticos", "odds|odd|cuota|cuotas|cote|cotes|quote|quoten|momio", "desde # ¤", "from ¤ #", "ab # ¤", "à partir de # ¤")}
	intentWin = intentSlot{"win multiplied", newWordClass(
		"# x", "multipl*", "jackpot*", "payout*", "cash out", "cashout", "win big", "win up to", "winnings",
		"pays # times", "lucky number|numbers", "spin|spins", "prize pool", "ganancia*", "premio*", "gana hasta",
		"gira|giros|girar", "ganhos", "prêmio*", "premio*", "ganhe até|ate", "saque na hora", "gire|giros|rodadas", "sorte grande",
		"gewinn*", "auszahlung*", "drehung*", "dreh", "glückszahl*", "gain|gains", "gros lot", "tours", "remportez", "tentez votre chance",
		"número|numero da sorte", "número|numero de la suerte", "multiplica|multiplique|multiplier|multiplie|multipliziere",
		"pays double", "paga doble|dobro", "match it", "we ll match", "verdoppeln|duplicamos|dobramos|doublons", "pagando muito", "tá pagando", "boost|boosted|boostée|turbinada|mejorada|erhöhte", "remboursé|reembolsada|reembolsado|erstattet",
		"# times|fois|veces|vezes your|the|ta|la|votre|tu|lo|a|o stake|mise|apuesta|apostado|aposta|valor", "# fache|fachen einsatz", "tente ta|sa chance", "try your luck", "prueba tu suerte", "tente a sorte", "versuch dein glück", "versuchen sie ihr glück")}
	intentPlay = intentSlot{"play", newWordClass(
		"play|playing|spin|bet", "join the game|table", "juega|jugar|juegue|gira|apuesta|apueste", "jogue|jogar|joga|gire|aposte|apostar",
		"spiele|spielen|spiel|dreh|drehen|wette|wetten|setze|setzen", "jouez|jouer|joue|tournez|pariez|misez|parier",
		"entra y juega", "entra pelo link", "a girar|rodar|jugar", "girar|rodar|drehen|rubbeln|gratter|rascar|raspar", "join|joins|entra|entre|mach mit", "tippe|tippen", "cadastra|cadastre se", "regístrate|registrate", "inscris toi|inscrivez vous")}
)

// Investment intent: money put in, a return promised, and the promise
// that makes it a scheme rather than a savings account: no risk, a
// guarantee, income while idle, a multiple.
var (
	intentInvest = intentSlot{"money put in", newWordClass(
		"invest*", "put in #", "portfolio", "capital", "fund|funds", "trading", "trade|trades", "platform",
		"invier*", "inversi*", "invirtiendo", "aporte|aportes|aporta", "invist*", "investiment*", "investimento*",
		"aplicação|aplica|aplique", "anlage*", "anleg*", "investier*", "placement*", "placez|placer", "investiss*",
		"bot|bots|robot|robô|roboter", "ki|ai bot", "signal|signals|señales|sinais|signale|signaux", "calls", "analyst|analysts|analista|analistas|analyste", "account manager", "berater|depot", "conseiller", "your money work|working", "tu dinero trabaj*", "seu dinheiro trabalh*", "votre argent travaill*", "ihr geld arbeit*", "sa méthode", "their method", "su|o método")}
	intentReturn = intentSlot{"return", newWordClass(
		"return|returns", "profit*", "yield*", "earn|earning|earnings", "income", "gains", "payout*", "rendimiento*",
		"ganancia*", "rentabilidad", "ingreso|ingresos", "ganar|gana|ganás", "rendimento*", "lucro*", "ganhos", "renda",
		"ganhar|ganhe", "rendite*", "gewinn*", "ertrag|erträge", "einkommen", "verdien*", "rendement*", "bénéfice*", "revenu*",
		"gagner|gagnez", "gains",
		"made|makes|make money", "# % a|per|each week|month|day", "# % al|por mes|semana|día|dia", "# % ao|por mês|semana|dia", "# % pro|im woche|monat|tag", "# % par semaine|mois|jour", "# % plus", "nailed|caught|acertaron|acertou|getroffen", "quitté son cdi|quit their job|dejó su trabajo|largou o emprego|kündigte", "cobras|cobra rendimientos", "sacan|tiram",
		"made|gained|returned|delivered|earned #", "ganó|ganhou|rindió|rendeu|erzielte|gagné|rapporté #", "# % this|last week|month", "# % esta|la semana", "# % este|el mes", "# % nesta|na semana", "# % neste|no mês", "# % diese|letzte woche", "# % cette semaine|ce mois")}
	intentNoRisk = intentSlot{"promise", newWordClass(
		"guaranteed", "guarantee", "risk free", "risk-free", "no risk", "zero risk", "while you sleep", "passive",
		"financial freedom", "double|triple|multiply your", "x2|x3|x5|x10", "# x your", "fixed daily|weekly",
		"garantizad*", "sin riesgo", "cero riesgo", "mientras duermes", "pasivo|pasivos", "libertad financiera",
		"duplica|triplica|multiplica tu|su", "garantid*", "sem risco", "risco zero", "enquanto dorme", "enquanto você dorme",
		"passiva|passivo", "liberdade financeira", "dobre|triplique|multiplique seu|sua", "garantiert*", "ohne risiko",
		"risikofrei", "risikolos", "im schlaf", "passiv*", "finanzielle freiheit", "verdoppeln|verdopple|vervielfache",
		"garanti*", "sans risque", "zéro risque", "pendant que vous dormez", "passif|passifs", "liberté financière",
		"doublez|triplez|multipliez votre",
		"while you slept", "mientras dormías", "enquanto você dormia", "während du schläfst|schliefst", "pendant que tu dors", "early access", "vip", "limited spots", "spots are limited", "acceso anticipado", "acesso antecipado", "frühzugang", "accès anticipé", "weekly", "every week", "cada|toda semana", "jede woche", "chaque semaine", "diarios|diários|daily|täglich|par jour", "average|averaged|promedió|média|durchschnitt", "thousands|miles|milhares|tausende|milliers", "users report|nutzer berichten|usuarios|usuários|utilisateurs")}
)

// A strong efficacy (a timeline, a guarantee, a miracle, a result
// without the diet or the surgery) on a body or a condition, offered to
// the recipient, is a claim even when the remedy goes by a brand name
// ("recupera tu pelo en 30 días con CapilarMax, pídelo hoy").
var (
	intentStrongEfficacy = intentSlot{"strong efficacy", newWordClass(
		"guarantee|guaranteed", "miracle*", "clinically proven", "doctors hate", "permanently", "forever",
		"without diet|dieting|exercise|surgery|gym", "in|within # days|weeks", "garantizad*", "milagro*",
		"para siempre", "sin dieta|ejercicio|cirugía|cirugia|gimnasio", "en # días|dias|semanas", "garantid*",
		"milagr*", "para sempre", "sem dieta|academia|cirurgia|exercício|exercicio", "em # dias|semanas", "garantiert*",
		"wunder*", "klinisch bewiesen|getestet", "für immer", "ohne diät|sport|op|operation", "in # tagen|wochen",
		"garanti*", "miracle*", "cliniquement prouvé", "pour toujours", "sans régime|sport|chirurgie|opération",
		"en # jours|semaines")}
	intentOfferCue = intentSlot{"offer", newWordClass(
		"order|buy|shop|try", "get yours", "order now|today", "pide|pídelo|compra|cómpralo|prueba|consigue|aprovecha",
		"peça|compre|garanta|experimente", "quer saber", "quer o nome", "bestellen|bestelle|kaufen|kaufe|probieren|sichern sie",
		"commandez|commande|achetez|essayez|profitez", "% off|dto|desconto|rabatt|de réduction", "discount|descuento|rabais")}
)

// cryptoSymbols are the signs of crypto currencies: a balance or a price
// written with one is about the coin, whatever words surround it.
const cryptoSymbols = "₿Ξ₮Ł"

// Currency pairs quoted as traders write them ("GBP/USD", "EUR JPY"):
// with a return made on them, the forex pitch without the word.
var intentCurrencyPair = intentSlot{"currency pair", newWordClass(
	"eur|usd|gbp|jpy|chf|aud|cad|nzd|brl|mxn usd|eur|jpy|gbp|chf|aud|cad|nzd|brl|mxn")}

// A wager named as such with a win is a bet offered whatever is played
// ("wager 10 and win 100", "stake small, win huge"); the words are the
// unambiguous ones only ("bet" alone is everyday English, "mise" French
// for an update, "Paris" a city).
var (
	intentWager = intentSlot{"stake", newWordClass(
		"wager|wagers|wagering|wagered", "stake|stakes small|just|only|from", "stake|stakes #", "your|small|minimum|min stake|stakes", "bet on", "place a|your bet|bets", "apuesta|apuestas|apostar",
		"aposta|apostas|apostar|aposte", "wette|wetten|wettet", "setz auf", "pariez|parier", "parie sur")}
	intentWinAny = intentSlot{"win", newWordClass(
		"win|wins|winning|winnings|won", "gana|ganar|ganá|gane|ganancias", "ganhe|ganhar|ganha|ganhos", "gewinn*",
		"gagne|gagner|gagnez|gains")}
	// Machines of chance and what they pay ("try our slots and hit the
	// jackpot"); appointment slots pay no jackpot.
	intentMachine = intentSlot{"machine", newWordClass(
		// "Frais réels" (actual expenses) folds to "reels" too.
		// "A few lesson slots free" are times, not machines.
		"our|online|video|casino|new|play|favourite|favorite slots", "slot machine|machines", "pokies", "spin the|our reels", "the reels", "maquinita|maquinitas", "tragamonedas|tragaperras", "caça níqueis|niqueis",
		"spielautomat*", "automatenspiel*", "machine|machines à sous")}
	intentJackpot = intentSlot{"pay-out", newWordClass(
		"pagadora|pagadoras|pagadores|que más pagan|que mais pagam", "te duplicamos|doblamos|dobramos el|o saldo", "girar|gire|giros hoy",
		"jackpot*", "free spins", "win|wins|winning", "# giros|spins|rodadas|freispiele|tours|tiradas", "giros gratis", "rodadas grátis|gratis", "freispiele", "tours gratuits",
		"bote", "gana|ganhe|gagnez", "gewinn*")}
)

// A pawn loan and a refinancing are credit offers in their own words
// ("pawn your gold for cash today", "refinance your mortgage at 2%").
var (
	intentPawn = intentSlot{"pawn", newWordClass(
		"pawn|pawns|pawnshop|pawnbroker", "pawn shop", "empeño|empeña|empeñar|empeñe", "penhor|penhore|penhorar",
		"pfandhaus|pfandkredit", "pfandleih*", "prêt sur gage|gages", "mont de piété")}
	intentRefinance = intentSlot{"refinancing", newWordClass(
		"refinanc*", "remortgage", "consolidate|consolidation your|of debt|debts|loans", "refinanci*", "reunifica tus deudas",
		"umschuld*", "anschlussfinanzierung", "rachat de crédit|crédits", "regroupement de crédits|crédit")}
	intentRate = intentSlot{"rate offered", newWordClass(
		"at|from|only # %", "# % apr|rate|interest", "low rate|rates", "lower your rate|payments|payment", "al|desde|por # %",
		"a partir de # %", "ab|zu # %", "à|dès # %", "taux", "zins|zinsen", "tasa|tasas", "taxa|taxas")}
)

// Returns earned on digital coins are the crypto pitch without the word
// ("earn 20% returns on your digital coins monthly").
var intentDigitalCoins = intentSlot{"digital coins", newWordClass(
	"digital dollars", "dólares digitales|digitais", "lock them", "bloquea|bloquear|bloqueie tus|seus monedas|moedas",
	"digital coin|coins|currency|currencies|assets", "your coins|tokens", "altcoin*", "stablecoin*", "memecoin*", "token presale|sale",
	"staking", "stake your", "monedas digitales|virtuales", "moedas digitais|virtuais", "digitale münzen|währung|währungen",
	"monnaies numériques|virtuelles", "actifs numériques")}

// A tipster sells bets by their record: tips or picks with the winners
// they found ("our members backed 7 of 9 winners"). A lottery is sold by
// its top prize and the numbers played ("¿y si el premio mayor fuera
// tuyo? te armamos tus combinaciones").
var (
	intentTips = intentSlot{"tips", newWordClass(
		"tip|tips|tipster*|picks|selections|predictions|bankers", "pronóstico*|pronostico*|pick", "apuesta segura", "palpite*|prognóstico*|dica|dicas",
		"tipp|tipps|tippgeber|prognose|prognosen", "pronostic*|prono|pronos")}
	intentWinRecord = intentSlot{"winning record", newWordClass(
		"# of # winners|winning|won|landed|greens", "# out of # winners", "backed|tipped|found # winners", "backed|tipped # of # winners",
		"# de # ganadores|acertados|aciertos|ganados|vencedores|acertos|greens", "# von # siegern|treffern|gewonnen", "# sur # gagnants|gagnés|réussis")}
	intentTopPrize = intentSlot{"top prize", newWordClass(
		"bolsa acumulada", "jackpot|jackpots", "premio mayor", "premio gordo", "el gordo", "bote acumulado", "prêmio principal|acumulado", "acumulou",
		"gros lot", "super cagnotte", "hauptgewinn", "jackpot knacken")}
	intentNumbersPlayed = intentSlot{"numbers played", newWordClass(
		"karte|karten|kugeln|cartón|cartones|bolas|boules|balls|cartons",
		"combination|combinations|numbers|ticket|tickets|lines|draw|draws", "combinación|combinaciones|números|boleto|boletos|billete|billetes|sorteo|sorteos",
		"combinação|combinações|números|bilhete|bilhetes|dezenas|cartela|cartelas|sorteio|sorteios|bolão|bolões", "zahlen|tippschein|tippscheine|los|lose|ziehung|ziehungen",
		"combinaison|combinaisons|numéros|billet|billets|grille|grilles|tirage|tirages")}
)

// Trading machinery sold as working for the buyer: a robot or algorithm,
// a market it trades and its hit rate or autopilot ("robô trader no dólar:
// 93% de acerto, deixe ele operar por você").
var (
	intentTradingMachine = intentSlot{"trading machine", newWordClass(
		"robot|robots|bot|bots|algorithm|algorithms|algo", "expert advisor", "robô|robôs|robo|robos|algoritmo|algoritmos",
		"roboter|algorithmus|algorithmen", "algorithme|algorithmes")}
	intentMarket = intentSlot{"market", newWordClass(
		"trade|trades|trading|trader|traders|stocks|shares|futures|index|indices|nasdaq", "dólar|dolar|dollar|euro",
		"bolsa|acciones|índice|indice|futuros|mercado|mercados", "ações|bolsa|índice|futuros|mercado|operações|operar|opera",
		"börse|aktien|indizes|futures|markt|märkte|handeln|handelt", "bourse|actions|indices|marché|marchés|trade|trades")}
	intentAutopilot = intentSlot{"hit rate or autopilot", newWordClass(
		"# % win|hit|success|accuracy rate", "# % accuracy|accurate|winning|wins", "win|hit|success rate of # %",
		"# % de acierto|aciertos|acerto|acertos|assertividade|éxito|sucesso|réussite", "# % trefferquote|erfolgsquote|gewinnquote",
		"taux de réussite", "trades|operates|works for you", "while you sleep", "opera|operar|trabaja|trabalha|funciona por|para ti|usted|você",
		"enquanto você dorme", "enquanto dorme", "mientras duermes", "für sie|dich handeln|handelt", "im schlaf", "opère|trade|travaille pour vous|toi",
		"pendant que vous dormez", "pendant que tu dors", "no automático", "en automático", "automatisch", "en automatique", "on autopilot")}
)

// Tokens dropped to a wallet and claimed by connecting it is the airdrop
// pitch, whatever the coin ("votre wallet est éligible au drop de 1 250
// LUMA, connectez-le pour réclamer vos jetons").
var (
	intentWallet = intentSlot{"wallet", newWordClass(
		"wallet|wallets", "billetera|billeteras|monedero", "carteira|carteiras", "portefeuille|portefeuilles")}
	intentTokens = intentSlot{"tokens", newWordClass(
		"token|tokens|airdrop|drop|allocation|allocations", "jeton|jetons")}
	intentConnectClaim = intentSlot{"connect or claim", newWordClass(
		"connect|link|sync", "claim|claims|claimed|redeem", "conecta|conectar|conéctala|conéctalo|vincula|reclama|reclamar",
		"conecte|conectar|vincule|resgate|resgatar|reivindique", "verbinde|verbinden|verknüpfen|beanspruche|beanspruchen|einfordern|abholen",
		"connectez|connecte|connecter|réclamez|réclamer|récupérez")}
)

// A prop-trading challenge sells, for a fee, a funded account to trade
// ("pass our 2-step challenge and trade a funded $100K account").
var (
	intentChallenge = intentSlot{"challenge", newWordClass("challenge|challenges|evaluation", "desafío|desafio|reto|evaluación|avaliação",
		"challenge|prüfung|evaluierung", "challenge|défi|évaluation")}
	intentFunded = intentSlot{"funded", newWordClass("funded", "fondeada|fondeado|financiada|financiado", "finanziert|finanziertes", "financé|financée")}
)

// Credit offered as already decided ("your application is pre-cleared",
// "tienes 600 € preaprobados", "Ihr Antrag ist vorgeprüft"), or despite a
// bad credit record, with money or an easy access, is a loan offer.
var (
	intentPreapproved = intentSlot{"pre-approved", newWordClass(
		"pre cleared|approved|qualified|accepted", "precleared|preapproved|prequalified", "preaprobado|preaprobados|preaprobada|preaprobadas",
		"pré aprovado|aprovados|aprovada|aprovadas", "vorgeprüft|vorgeprüfte|vorabgenehmigt", "vorab genehmigt|bewilligt",
		"pré accepté|acceptée|approuvé|approuvée|accordé")}
	// intentMoneyIn is money said to land in the recipient's account, or
	// freed, by an amount: intentCash without its loan words, so that a
	// bank's status of a loan the customer applied for ("tu solicitud de
	// crédito fue preaprobada") is not an offer.
	intentMoneyIn = intentSlot{"money paid in", newWordClass(
		"libere até #", "libere até r #", "te ingresamos|depositamos #",
		"# in|on|into your account", "# en|a tu|su cuenta", "# na|em sua|tua conta", "# auf ihr|dein konto", "# sur votre|ton compte",
		"in|into your checking|savings|bank account", "libera|liberamos|liberado # ", "libera|liberamos|liberado r # ",
		"te los|lo ingresamos|abonamos", "auszahlung in # stunden|tagen", "auf ihrem|ihr|dein girokonto|konto",
		"te depositamos hasta", "pagas|pagues en # quincenas", "sous # h|heures", "by tomorrow", "na hora", "al instante")}
	// intentNoChecks is credit without the checks a lender makes, or at
	// once.
	intentNoChecks = intentSlot{"no checks", newWordClass(
		"ohne auskunftei", "kein eintrag", "sofortzusage",
		"no paperwork|questions|guarantor", "no credit pull|check", "in # minutes", "same day", "sin papeleo|aval|buró|preguntas",
		"ni aval", "en # minutos", "sem burocracia|consulta|fiador", "em # minutos", "ohne schufa|papierkram|bürgen",
		"in # minuten", "sans justificatif|garant", "en # minutes", "même si vous êtes fiché|fichée")}
	intentBadCredit = intentSlot{"bad credit accepted", newWordClass(
		"nome sujo", "negativado|negativada|negativados", "ohne schufa", "même si vous êtes fiché|fichée", "fiché|fichée|fichés",
		"no credit check|pull", "bad credit ok|welcome", "sin checar|revisar buró", "aunque estés en buró", "con mal buró")}
)

// Health results promised in days without diet or exercise ("down 2 sizes
// in 30 days with no gym"), or "visible" in days from a product
// ("résultats visibles en 7 jours, votre flacon est prêt").
var (
	intentNoDiet = intentSlot{"without diet or exercise", newWordClass(
		"no|without diet|dieting|gym|exercise|workouts", "sin dieta|dietas|ejercicio|gimnasio|gym", "sem dieta|academia|exercício|exercicio",
		"ohne diät|sport|fitnessstudio", "sans régime|sport|salle")}
	intentTimeline = intentSlot{"in days", newWordClass(
		"in|within # days|weeks", "en # días|dias|semanas|jours", "em # dias|semanas", "in # tagen|wochen", "en # semaines")}
	intentVisibleResults = intentSlot{"visible results", newWordClass(
		"visible results", "resultados visibles|visíveis", "résultats visibles", "sichtbare ergebnisse", "results you can see")}
	intentProduct = intentSlot{"product", newWordClass(
		"bottle|bottles|flacon|flacons|frasco|frascos|flasche|kur|cure|tratamiento|tratamento|treatment|behandlung|traitement|kit|capsules|gummies")}
)

// A currency pair with a trade called on it ("today's EUR/USD setups",
// "a spread on GBP/USD lined up") is a trading signal.
var intentTradeCall = intentSlot{"trade called", newWordClass(
	"setup|setups|signal|signals|calls|entry|entries", "breaking out", "lined up", "take it", "spread on", "sinal|sinais|señal|señales",
	"signale|signaux", "entrada|entradas|einstieg")}

// A stake put in and what it pays ("put in $10, it pays $64", "bei 5 €
// Einsatz gibt's 21 € zurück"), spins with a cash-out, and a loan sold by
// its instalments or its repayment to someone short of money.
var (
	intentPutIn = intentSlot{"stake put in", newWordClass(
		"put in|down # ", "put in|down ¤ #", "einsatz", "bei # einsatz", "entra com", "entre com", "apuesta|apuestas # ", "mise de",
		"misez")}
	intentPays = intentSlot{"pays out", newWordClass(
		"pays #", "pays ¤ #", "returns # ", "returns ¤ #", "gibt s # zurück", "paga|pagan # ", "retorna|retornam",
		"rapporte|rapportent", "# leg|legs", "leg special")}
	intentSpins   = intentSlot{"spins", newWordClass("# giros|spins|rodadas|freispiele|tiradas|tours")}
	intentCashOut = intentSlot{"cash-out", newWordClass(
		"retiras|retira|retirar|withdraw|withdrawal|saque|sacar|auszahlen|auszahlung|retirez|retrait", "cash out")}
	intentInstallments = intentSlot{"instalments", newWordClass(
		"parcelas de", "em até # x", "cuotas de", "in # raten", "en # mensualités", "# quincenas", "in # instalments|installments",
		"descontadas|descontados|descontado direto do benefício|salário", "desconto direto no benefício")}
	intentRepay = intentSlot{"repayment", newWordClass(
		"remboursez|rembourser en # fois", "lo devuelves en", "devuelves en # días", "pay it back in|over", "repay in|over # ",
		"zurückzahlen in", "devolve em", "pague em # x")}
)

// A trade called on currencies or commodities by a signals group ("Señal
// del día: ORO compra en 2.315, objetivo 2.340, grupo privado de divisas").
var intentFxMarket = intentSlot{"currencies or commodities", newWordClass(
	"forex|fx|divisas|devisen|devises|xauusd|xau", "materias primas", "commodities", "rohstoffe", "matières premières",
	// Portuguese "câmbio" (foreign exchange) folds to Spanish "cambio"
	// (a change: "cambio de fecha"), so it counts only where it is traded.
	"mercado|mesa|operações|operaciones de câmbio", "operando|opere|operar|operamos câmbio", "câmbio de|do dólar|dólares|euro|divisas|moedas",
	"take profit|stop loss")}

// A trade called in pips or lots is a forex signal whatever the pair is
// called ("EU long from 1.0842, targets +30 pips, 0.5 lots").
var intentPips = intentSlot{"pips or lots", newWordClass("# pips", "# lots", "# lotes|lotti", "lot size", "pips")}

// A contest paid to enter for a share of a prize pool is a bet whatever
// the game ("enter for $20 and compete for a share of a $1M prize pool");
// scratch cards bought with a deposit are a lottery online; a coin
// "pumped" by a group is the crypto pitch at its bluntest.
var (
	intentPaidEntry = intentSlot{"paid entry", newWordClass(
		"enter|entry|entries for ¤ #", "enter|entry|entries for # ¤", "entry fee|fees", "buy in|ins", "buyin|buyins",
		"cuota|costo|precio de inscripción|entrada", "inscripción de ¤ #", "inscripción de # ¤", "taxa de inscrição|entrada|participação",
		"startgeld|startgebühr|teilnahmegebühr|einsatz von", "frais d inscription|de participation", "droit d entrée")}
	intentPrizePool = intentSlot{"prize pool", newWordClass(
		"prize pool|pools|fund", "share of a|the #", "share of a|the ¤", "guaranteed prizes", "bolsa de premios|premio", "pozo de premios", "premiação|premiações",
		"preispool|preisgeld|gewinntopf", "cagnotte|dotation de")}
	intentScratch = intentSlot{"scratch cards", newWordClass(
		"scratch card|cards|off|offs", "scratchcard*", "rasca y gana", "rascas|rasca|raspadinha*", "rubbellos*", "gerubbelt",
		"jeu|jeux|ticket|tickets à gratter", "grattage", "instant win")}
	intentPump = intentSlot{"pump", newWordClass("pump|pumps|pumped|pompe|pompes", "pump and dump")}
	intentCoin = intentSlot{"coin", newWordClass("coin|coins|token|tokens|memecoin*|altcoin*|shitcoin*", "crypto|cripto|krypto",
		"moneda|monedas|moeda|moedas|münze|münzen|jeton|jetons")}
	// intentMinimumStake is money put in at a minimum, the way a scheme
	// names its entry ("Mindesteinlage 250 €").
	// intentReplacesCare is a remedy said to take the place of a vaccine
	// or a treatment: a claim even in a text that names a vaccination,
	// which otherwise reads as a notice of care.
	intentReplacesCare = intentSlot{"replaces care", newWordClass(
		"replaces|replace the|your vaccine|vaccines|jab|chemo|chemotherapy|insulin|medication", "instead of the|a|your vaccine|jab|chemo|chemotherapy|insulin",
		"remplace le|la|l vaccin|chimio|insuline", "reemplaza|sustituye la vacuna|quimio|insulina", "substitui a vacina|quimio|insulina",
		"ersetzt die impfung|chemo|insulin", "statt impfung|chemo",
		// Protection promised with no vaccine at all ("ganz ohne Impfung").
		"without a|the vaccine|jab", "sin vacuna|vacunarte|vacunarse", "sem vacina", "sans vaccin", "ohne impfung")}
	// intentInfection and intentProtection are an infection and full
	// protection from it promised: with a remedy, a claim ("protégez-vous à
	// 100 % de la grippe avec notre complément"); an infection alone is
	// too common beside a remedy ("your cold and flu tea has shipped").
	intentInfection = intentSlot{"infection", newWordClass(
		"flu|influenza|covid|grippe|gripe|gripa|erkältung|rhume|resfriado|resfriados|colds|virus|viruses", "immune system|immunité|inmunidad|imunidade|immunsystem")}
	intentProtection = intentSlot{"full protection", newWordClass(
		"protégez vous à # %", "protected|protection at|to # %", "# % protected|protection|geschützt|protegido|protegida|protégé|protégée",
		"protects|protège|protege|schützt zu|à|a|at # %", "protects|protège|protege|schützt you|vous|te|sie|dich zu|à|a|at # %",
		"schützt|schützen dich|sie|euch zuverlässig|sicher|vollständig vor", "protects you reliably|fully|completely from|against",
		"te|le protege totalmente|completamente de|contra", "protege voce totalmente|completamente de|contra",
		"vous|te protège efficacement|totalement|complètement de|contre")}
	// Odds offered on a game: a bet sold in its own words ("Bet on
	// tonight's game: +200 odds", "boost your odds" beside a kick-off).
	intentOdds = intentSlot{"odds", newWordClass(
		"odds|quoten|momios", "cuota|cuotas|cotes|cote|odd|odds boost|boosted|mejorada|mejoradas|boostée|boostées|erhöhte",
		"boost|boosted|enhanced|improve your|the odds", "mejora|mejoramos tus|las cuotas", "booste|boostez ta|votre|vos cote|cotes")}
	intentMatch = intentSlot{"game", newWordClass(
		"kick off|kickoff|match|matches|game|games|fixture|fixtures|derby|league|cup|final", "partido|partidos|jornada|liga|clásico",
		"jogo|jogos|rodada|campeonato|clássico", "spiel|spiele|spieltag|liga|bundesliga|pokal", "match|matchs|ligue|coupe|journée")}
	// A cash advance: credit by its other name.
	intentAdvance = intentSlot{"cash advance", newWordClass(
		"advance|advances|payday", "adelanto|adelantos|anticipo", "adiantamento|antecipação", "vorschuss|gehaltsvorschuss", "avance|avances sur salaire")}
	// Sexual performance sold with a remedy is a health claim by itself
	// ("Schlapp im Bett? Zwei kleine Kapseln am Tag").
	intentPerformance = intentSlot{"sexual performance", newWordClass(
		"schlapp im bett", "weak|better|last longer in bed", "flojo|durar más en la cama", "fraco|durar mais na cama", "mou|tenir plus longtemps au lit",
		"impotence|impotencia|impotência|impotenz|impuissance", "potenzprobleme|erektionsprobleme|erectile")}
	intentMinimumStake = intentSlot{"minimum stake", newWordClass(
		"mindesteinlage|mindestanlage|einlage", "minimum deposit|investment", "depósito|inversión mínima|mínimo",
		"aporte|investimento mínimo", "dépôt|investissement minimum")}
)

// intentRules are the combinations, vertical by vertical.
var intentRules = []intentRule{
	{vertical: healthClaims, all: []intentSlot{intentRemedy, intentEfficacy, intentBody}, exceptNotice: true},
	{vertical: healthClaims, all: []intentSlot{intentStrongEfficacy, intentBody, intentOfferCue}, exceptNotice: true},
	{vertical: lending, all: []intentSlot{intentNeedMoney, intentCash}, any: []intentSlot{intentEase}},
	{vertical: lending, all: []intentSlot{intentCash, intentEase}, any: []intentSlot{intentNeedMoney}},
	{vertical: gambling, all: []intentSlot{intentStake, intentWin, intentPlay}},
	{vertical: investment, all: []intentSlot{intentInvest, intentReturn, intentNoRisk}},
	{vertical: investment, all: []intentSlot{intentCurrencyPair, intentReturn}},
	{vertical: gambling, all: []intentSlot{intentWager, intentWinAny}},
	{vertical: gambling, all: []intentSlot{intentMachine, intentJackpot}},
	{vertical: lending, all: []intentSlot{intentPawn, intentCash}},
	{vertical: lending, all: []intentSlot{intentRefinance, intentRate}},
	{vertical: investment, all: []intentSlot{intentDigitalCoins, intentReturn}},
	{vertical: gambling, all: []intentSlot{intentTips, intentWinRecord}},
	{vertical: gambling, all: []intentSlot{intentTopPrize, intentNumbersPlayed}},
	{vertical: investment, all: []intentSlot{intentTradingMachine, intentMarket, intentAutopilot}},
	{vertical: investment, all: []intentSlot{intentWallet, intentTokens, intentConnectClaim}},
	{vertical: investment, all: []intentSlot{intentChallenge, intentFunded, intentMarket}},
	{vertical: lending, all: []intentSlot{intentPreapproved, intentMoneyIn}},
	{vertical: lending, all: []intentSlot{intentPreapproved, intentNoChecks}},
	{vertical: lending, all: []intentSlot{intentBadCredit, intentCash}},
	{vertical: lending, all: []intentSlot{intentNoChecks, intentMoneyIn}},
	{vertical: healthClaims, all: []intentSlot{intentNoDiet, intentTimeline}, exceptNotice: true},
	{vertical: healthClaims, all: []intentSlot{intentVisibleResults, intentTimeline, intentProduct}, exceptNotice: true},
	{vertical: investment, all: []intentSlot{intentCurrencyPair, intentTradeCall}},
	{vertical: investment, all: []intentSlot{intentPips, intentTradeCall}},
	{vertical: investment, all: []intentSlot{intentFxMarket, intentTradeCall}},
	{vertical: gambling, all: []intentSlot{intentPutIn, intentPays}},
	{vertical: gambling, all: []intentSlot{intentSpins, intentCashOut}},
	{vertical: lending, all: []intentSlot{intentInstallments, intentMoneyIn}},
	{vertical: lending, all: []intentSlot{intentNeedMoney, intentRepay}},
	{vertical: healthClaims, all: []intentSlot{intentRemedy, intentReplacesCare}, any: []intentSlot{intentBody, intentInfection}},
	{vertical: healthClaims, all: []intentSlot{intentRemedy, intentProtection, intentInfection}},
	{vertical: gambling, all: []intentSlot{intentPaidEntry, intentPrizePool}},
	{vertical: gambling, all: []intentSlot{intentWager, intentOdds}},
	{vertical: gambling, all: []intentSlot{intentOdds, intentMatch}, any: []intentSlot{intentWager, intentStake, intentWinAny}},
	{vertical: lending, all: []intentSlot{intentCash, intentAdvance}},
	{vertical: healthClaims, all: []intentSlot{intentRemedy, intentPerformance}},
	{vertical: gambling, all: []intentSlot{intentScratch, intentStake}},
	{vertical: gambling, all: []intentSlot{intentMachine, intentStake}},
	{vertical: investment, all: []intentSlot{intentPump, intentCoin}},
	{vertical: investment, all: []intentSlot{intentMinimumStake, intentReturn, intentNoRisk}},
}

// intentVerticals returns a hit for each vertical not yet in seen whose
// intent the words carry, quoting each slot's words.
func intentVerticals(all []string, seen map[string]bool) []verticalHit {
	var hits []verticalHit
	notice := -1
	for _, r := range intentRules {
		if seen[r.vertical] {
			continue
		}
		if r.exceptNotice {
			if notice < 0 {
				notice = 0
				if notices.in(all) {
					notice = 1
				}
			}
			if notice == 1 {
				continue
			}
		}
		found, ok := slotWords(all, r.all, false)
		if !ok {
			continue
		}
		if len(r.any) > 0 {
			more, ok := slotWords(all, r.any, true)
			if !ok {
				continue
			}
			found = append(found, more...)
		}
		seen[r.vertical] = true
		hits = append(hits, verticalHit{Vertical: r.vertical, Phrase: "intent: " + strings.Join(found, ", ")})
	}
	return hits
}

// slotWords finds the slots in the words: all of them, or the first that
// is there when anyOne is set. It returns each found slot as "name
// 'words'".
func slotWords(all []string, slots []intentSlot, anyOne bool) ([]string, bool) {
	var found []string
	for _, s := range slots {
		st, en := s.wc.find(all, 0, len(all))
		if st < 0 {
			if anyOne {
				continue
			}
			return nil, false
		}
		found = append(found, s.name+" '"+strings.Join(all[st:en], " ")+"'")
		if anyOne {
			return found, true
		}
	}
	return found, len(found) > 0
}
