package template

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
	"svc/internal/platform/textfold"
)

// TestVerticalList holds the phrase list to its maintenance rules.
func TestVerticalList(t *testing.T) {
	names := map[string]bool{}
	folded := map[string]string{}
	for _, v := range regulatedVerticals {
		names[v.Name] = true
		if len(v.Phrases) < 15 {
			t.Errorf("%s: %d phrases, want at least 15", v.Name, len(v.Phrases))
		}
		for _, p := range v.Phrases {
			// Each spelling of a phrase's alternatives counts as a phrase
			// of its own.
			for _, variant := range phraseVariants(p) {
				words := textfold.Words(variant)
				if len(words) == 0 {
					t.Errorf("%s: phrase %q has no words", v.Name, p)
					continue
				}
				key := strings.Join(words, " ")
				if prev, dup := folded[key]; dup {
					t.Errorf("%s: phrase %q folds like %q", v.Name, variant, prev)
				}
				folded[key] = variant
				// Every phrase is found in a sentence around it.
				hits := findVerticals("Hello, " + strings.ToUpper(variant) + "!")
				if len(hits) != 1 || hits[0].Vertical != v.Name {
					t.Errorf("%s: phrase %q found as %+v", v.Name, variant, hits)
				}
			}
		}
	}
	for _, want := range []string{"lending", "gambling", "forex or crypto", "health claims"} {
		if !names[want] {
			t.Errorf("vertical %q missing", want)
		}
	}
}

func TestFindVerticals(t *testing.T) {
	tests := []struct {
		text string
		want string // "vertical: phrase" of each hit, joined by "; "
	}{
		{"Your order has shipped", ""},
		{"The alphabet now has letters", ""},           // "bet now" only inside a word
		{"Our bookkeeping team", ""},                   // "bookmaker" prefix only
		{"sportsbetting", ""},                          // no word boundary
		{"Sports betting", "gambling: sports betting"}, // case
		{"sports\u00a0betting", "gambling: sports betting"},
		{"sports-betting", "gambling: sports betting"},
		{"SPORTS   BETTING", "gambling: sports betting"},
		{"payday loans", "lending: payday loan"},
		// A slot's alternatives: each spelling is found, and reported as
		// spelled.
		{"XRP/USD is live", "forex or crypto: xrp usd"},
		{"our lottery syndicates", "gambling: lottery syndicate"},
		{"casinos", "gambling: casino"},
		{"casino bonus", "gambling: casino bonus"}, // the longest phrase at a word
		{"Préstamo rápido", "lending: préstamo rápido"},
		{"prestamo rapido", "lending: préstamo rápido"},
		{"PRE\u0301STAMO RA\u0301PIDO", "lending: préstamo rápido"},
		{"GLÜCKSSPIEL", "gambling: Glücksspiel"},
		{"gluckspiel", ""},
		{"caça-níqueis", "gambling: caça-níqueis"},
		{"100% natural cure", "health claims: 100% natural cure"},
		{"Bitcoin and forex and more bitcoin", "forex or crypto: bitcoin"},
		{"Miracle cure, then a payday loan", "health claims: miracle cure; lending: payday loan"},
		// A team's point spread is a line to bet on; a temperature is not,
		// and plants are staked too.
		{"Tonight: Chiefs -3.5 at home", "gambling: Chiefs -3.5"},
		{"Ya tenemos décimos del Gordo de Navidad.", "gambling: décimos del gordo"},
		{"Lock in the Chiefs at -3.5 before it moves.", "gambling: Chiefs at -3.5"},
		{"Tonight in Oslo -3.5 °C, roads icy.", ""},
		{"Our staking kits and cages for tomato plants are 20% off this weekend.", ""},
		{"Earn rewards by staking your ETH.", "forex or crypto: staking"},
		// A receipt names the recipient's own loan only near a servicing
		// word: an enquiry received is no payment.
		{"Ihre Rate in Höhe von {{1}} für den Ratenkredit Nr. {{2}} ist am {{3}} eingegangen.", ""},
		{"Confirmation: we've received your enquiry. Our advisers can also find you a cheaper remortgage deal before your fixed rate ends.",
			"lending: remortgage deal"},
		// A draw for school places pays nothing; priced or with a prize it
		// is a lottery.
		{"The admission lottery was held; you are number 4 on the waitlist.", ""},
		{"Our housing lottery opens Monday.", ""},
		{"The admission lottery: buy a $5 ticket for an extra chance.", "gambling: lottery"},
		{"Lottery results: you are number 4 on the waitlist for the jackpot.", "gambling: lottery"},
		// "Cambio de fecha" is a change of date; "mercado de câmbio" is fx.
		{"Cambio de fecha del concierto: tus entradas siguen siendo válidas.", ""},
		{"Your card qualifies for a credit limit increase to {{2}}.", "lending: credit limit increase"},
		{"Für dein Kundenkonto ist jetzt der Ratenkauf verfügbar.", "lending: Ratenkauf"},
		{"Ihre Rate für den Ratenkredit Nr. {{2}} ist eingegangen. Die Restschuld beträgt {{3}}.", ""}, // a receipt
		{"Administración de Lotería n.º 7: abrimos de 10:00 a 14:00 y el lunes permaneceremos cerrados.", ""},
		// Since rules-2026.11.92 the outcome verb reads it before the intent
		// layer does.
		{"Unser Immun-Booster schützt dich zuverlässig vor Grippe, ganz ohne Impfung.", "health claims: schutzt dich zuverlassig vor grippe"},
		{"Tu operación EUR/USD se cerró; puedes aumentar el apalancamiento.", "forex or crypto: operacion, apalancamiento"},
		{"Opere câmbio do dólar: entrada na alta, sinal do dia.", "forex or crypto: intent: currencies or commodities 'opere cambio', trade called 'entrada'"},
	}
	for _, tc := range tests {
		var got []string
		for _, h := range findVerticals(tc.text) {
			got = append(got, h.Vertical+": "+h.Phrase)
		}
		if g := strings.Join(got, "; "); g != tc.want {
			t.Errorf("findVerticals(%q) = %q, want %q", tc.text, g, tc.want)
		}
	}
}

// TestGermanMonths holds the shared month list to its form: twelve names,
// each one word folded as both stages fold the text they are matched in.
func TestGermanMonths(t *testing.T) {
	if len(GermanMonths) != 12 {
		t.Errorf("%d German months, want 12", len(GermanMonths))
	}
	for _, m := range GermanMonths {
		if got := textfold.Words(m); len(got) != 1 || got[0] != m || textfold.Digraphs(m) != m {
			t.Errorf("month %q folds to %q, digraph-reduced %q", m, got, textfold.Digraphs(m))
		}
	}
	for _, text := range []string{"Angebot gültig bis 4. März", "bis 31. Dezember"} {
		if got := withoutClockTimes(textfold.Words(text)); !slices.Contains(got, "_bis") {
			t.Errorf("withoutClockTimes(%q) = %q, want the date after bis neutralised", text, got)
		}
	}
}

// TestNumberPattern holds the word patterns' "#" to the classifier's
// meaning of a number: ASCII digits (textfold.IsDigits).
func TestNumberPattern(t *testing.T) {
	for _, tt := range []struct {
		word string
		want bool
	}{{"12", true}, {"0", true}, {"١٢", false}, {"１２", false}, {"12a", false}, {"", false}} {
		if got := matchWord("#", tt.word); got != tt.want {
			t.Errorf("matchWord(#, %q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

// TestHealthClaimLists compiles every list of the structural health-claim
// screen: a pattern that does not compile panics on first use in
// production.
func TestHealthClaimLists(t *testing.T) {
	for _, wc := range []*wordClass{claimVerbs, careVerbs, preventVerbs, endings, vanishing, conditions, loseVerbs,
		weightUnits, weightLoss, guarantees, timelines, notices, vaccines, claimNegations, claimNeutral} {
		for _, raw := range wc.raw {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("pattern %q: %v", raw, r)
					}
				}()
				compileWordPattern(raw)
			}()
		}
	}
}

// TestHealthClaims holds the structural screen to the family of claims:
// each verb in its inflections, the end of a condition, weight and
// timelines, in every language, negated disclaimers and benign look-alikes
// (appointments, pharmacy notices, a vitamins discount) passing.
func TestHealthClaims(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		// Outcome verbs and their inflections.
		{"Our herbal tea cures diabetes.", true},
		{"This balm cured my arthritis in a week.", true},
		{"Curing migraines naturally: try our drops.", true},
		{"The serum treats acne and eczema.", true},
		{"Treating your back pain has never been easier with this belt.", true},
		{"Prevents hair loss for good.", true},
		{"Preventing heart disease starts with our capsules.", true},
		{"Heals joint pain from the inside.", true},
		{"Reverses type 2 diabetes without medication.", true},
		{"Relieves chronic pain in minutes.", true},
		{"Lowers your blood pressure naturally.", true},
		{"Get rid of acne with one cream.", true},
		// The end of a condition.
		{"Say goodbye to back pain with our new mattress.", true},
		{"No more migraines!", true},
		{"Back pain gone in 7 days.", true},
		{"Your insomnia will disappear.", true},
		{"Las gotas curan las cataratas sin cirugía.", true},
		{"ImmunFit schützt Sie zuverlässig vor Grippe und Erkältung.", true},
		{"Our gummies put you to sleep in fifteen minutes, guaranteed.", true},
		// A cure counted in sittings.
		{"Unsere Praxis behandelt Borreliose – Heilung in nur 8 Sitzungen.", true},
		{"Arrêtez de fumer en une seule séance de laser.", true},
		{"Your massage session is booked for Friday.", false},
		// Weight and timelines.
		{"Lose 10 kg in 30 days with our shake.", true},
		{"Drop 3 sizes without dieting.", true},
		{"Lose weight in just 2 weeks.", true},
		{"Guaranteed results: lose weight or your money back.", true},
		{"Acne-free skin in 14 days.", true},
		// Spanish.
		{"Este té cura la diabetes.", true},
		{"Nuestro suplemento previene el cáncer.", true},
		{"Alivia el dolor de espalda en minutos.", true},
		{"Dile adiós a las migrañas.", true},
		{"Pierde 5 kilos en una semana.", true},
		{"Adelgaza en 10 días garantizado.", true},
		// Portuguese.
		{"Este chá cura a diabetes.", true},
		{"Elimina a dor nas costas de vez.", true},
		{"Chega de enxaqueca!", true},
		{"Perca 8 kg em 30 dias.", true},
		{"Diga adeus à queda de cabelo.", true},
		// German.
		{"Unser Tee heilt Diabetes.", true},
		{"Lindert Rückenschmerzen sofort.", true},
		{"Nie wieder Kopfschmerzen!", true},
		{"Nehmen Sie 10 Kilo in 4 Wochen ab.", true},
		{"Schluss mit Haarausfall.", true},
		// French.
		{"Notre tisane guérit le diabète.", true},
		{"Soulage les douleurs articulaires.", true},
		{"Dites adieu aux migraines.", true},
		{"Perdez 7 kilos en 3 semaines.", true},
		{"Fini les maux de dos !", true},
		// Negated disclaimers, and a negation that only presses to act.
		{"This product is not intended to diagnose, treat, cure or prevent any disease.", false},
		{"Don't wait: our cream cures eczema.", true},
		// Benign look-alikes.
		{"Reminder: your appointment with Dr. {{1}} is on {{2}} at {{3}}.", false},
		{"Your session to treat your back pain is tomorrow at 10:00.", false},
		{"Your prescription for {{1}} is ready for pickup at our pharmacy.", false},
		{"Your diabetes check-up is in 7 days.", false},
		{"20% off all vitamins this week.", false},
		{"Our vitamins are 100% natural. Shop now and save.", false},
		{"Book your flu vaccine to prevent influenza this winter.", false},
		{"To prevent delays, bring your ID.", false},
		{"No more waiting: order online and pick up in store.", false},
		{"Tu cita con la Dra. {{1}} es el {{2}}.", false},
		{"Seu remédio está disponível para retirada na farmácia.", false},
		{"Ihr Termin in der Praxis ist am {{1}}.", false},
		// rules-2026.11.3: amounts of time in words, conditions that return
		// to normal, outcomes with a guarantee even in a shipping notice,
		// symptoms named as aches and stiffness.
		{"Pain-free in just two weeks with our collagen.", true},
		{"Ihr Blutdruck normalisiert sich ganz natürlich.", true},
		{"Verschwindet Ihr Tinnitus in wenigen Wochen? Mit unseren Tropfen ja.", true},
		{"Your refill has shipped: hair regrowth guaranteed within 90 days.", true},
		{"Say goodbye to stiffness by next month.", true},
		{"In nur zwei Wochen schmerzfrei, garantiert.", true},
		{"Dile adiós a la rigidez de tus rodillas.", true},
		{"Sua pressão arterial volta ao normal em poucas semanas.", true},
		{"Votre recharge a été expédiée et arrivera dans deux jours.", false},
		{"Your order ships in two weeks; delivery is guaranteed.", false},
		{"Your back pain appointment is in two weeks.", false},
		{"Votre ordonnance est prête à être retirée.", false},
		{"Your order of 2 kg of coffee has shipped.", false},
	}
	for _, tt := range tests {
		claim, got := healthClaim(tt.text, textfold.Words(tt.text))
		if got != tt.want {
			t.Errorf("healthClaim(%q) = %v (%q), want %v", tt.text, got, claim, tt.want)
		}
	}
}

// TestLendingOffers holds the structural lending screen: money offered
// with two of a credit offer's promises, in the five languages, and
// servicing notices and shop texts that name money with one promise at
// most.
func TestLendingOffers(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Need cash fast? Funds in your bank within minutes, repay when you get paid.", true},
		{"You are pre-approved for a credit limit of {{1}}. Accept it below.", true},
		{"¿Te falta dinero? Hasta 2.000 € sin papeleo y respuesta en minutos.", true},
		{"Crédito sem consulta ao SPC, simule agora e receba hoje.", true},
		{"Bis 3.000 € ohne Bonitätsprüfung, Auszahlung noch heute. Jetzt beantragen!", true},
		{"Jusqu'à 1 500 € sans justificatif, réponse de principe en quelques minutes.", true},
		{"Tu línea de crédito ya está disponible: dispón del dinero desde la app y págalo en quincenas.", true},
		{"Loans from 3.9% APR – decision in 60s", true},
		{"Crédit auto à 0,9 % : réponse immédiate", true},
		{"Your car service is booked at 9 am; 20 % off wipers.", false},
		{"Ihr Kreditrahmen von {{1}} wurde freigeschaltet; flexibel zurückzahlen.", true},
		{"Your new card is now available in the app.", false},
		{"Your loan repayment of {{1}} is due on {{2}}.", false},                 // servicing: one promise
		{"Your refund of {{1}} will reach your account within 24 hours.", false}, // no credit word, one promise
		{"Save up to 30% today on all shoes.", false},
		{"Tu préstamo ha sido abonado en tu cuenta.", false},
		// A mortgage's rate beside Spain's TIN, and instalments in German.
		{"Hipoteca al 2,5 % TIN", true},
		{"Jeden Einkauf ab 50 € können Sie bequem in bis zu 24 Monatsraten bezahlen.", true},
		{"You now have a £750 credit limit to spread the cost with small weekly payments.", true},
		{"Trae tus joyas y te damos un préstamo al momento, aunque estés en ASNEF.", true},
		{"Nuestra hipoteca a tipo fijo financia hasta el 80 % de la vivienda.", true},
		{"Boa notícia: seu limite do cartão de crédito pode subir para R$ 5.000.", true},
		{"Trae tu hipoteca: te la dejamos al 2,45 % fijo y nos hacemos cargo de los gastos de la subrogación.", true},
		// A mortgage, a debt consolidation and a car bought on credit,
		// offered in plain words.
		{"Get a mortgage with the lowest rates in town. Talk to our advisers today.", true},
		{"Credit card debt? We consolidate it into one low monthly payment.", true},
		{"Finance your new car with zero down payment and low monthly installments.", true},
		{"Your mortgage statement for {{1}} is ready in the app.", false},
		{"Consigue tu hipoteca con los tipos más bajos del mercado. Pide cita con nuestros asesores.", true},
		{"Obtenez votre prêt immobilier aux taux les plus bas, rendez-vous en agence.", true},
		// Credit cards, buy now pay later, an overdraft or a loan topped up,
		// a credit line released, a car on finance.
		{"Apply for the Platinum credit card and enjoy 0% on purchases for 24 months. Representative 24.9% APR (variable)", true},
		{"Buy now, pay later! Split your next order into 4 interest-free payments at checkout.", true},
		{"Payez en 4 fois sans frais avec notre solution de paiement fractionné, réponse immédiate au moment de la commande.", true},
		{"Hallo {{1}}, Ihr Dispositionskredit kann auf {{2}} erhöht werden. Jetzt einfach in der App bestätigen.", true},
		{"Olá {{1}}, seu limite de crédito pessoal de R$ 3.000 está liberado. Contrate agora pelo app.", true},
		{"Car finance made easy\nDrive away today with no deposit and low monthly payments on any used car in stock.", true},
		{"Hi {{1}}, your loan payment of {{2}} is due on {{3}}. Need a little extra? You can top up your loan in the app.", true},
		{"Hipoteca fija al 2,5 % para tu primera vivienda. Pide cita en tu oficina y te lo explicamos todo.", true},
		{"Book your room now and pay later at the hotel: our best rates this winter.", false},
		// Amounts spelled out, overdrafts raised, rent paid late.
		{"Short on rent this month? Get up to five hundred dollars in your account by tomorrow and pay it back when your next paycheck clears.", true},
		{"Bonne nouvelle {{1}} : votre découvert autorisé passe à mille euros. Profitez-en dès aujourd'hui, sans frais de dossier !", true},
		{"Ihr neues Auto ohne Anzahlung: Finanzierung oder Leasing ab € 149 im Monat.", true},
		{"Up to five people can share one table; book today and pay later at the door.", false},
		{"Vous avez découvert notre nouvelle collection ? Jusqu'à -30 % ce week-end, livraison offerte.", false},
		{"Your credit card statement for {{1}} is ready; the minimum payment is due on {{2}}.", false},
		{"Book direct for our best rates on rooms this winter, up to 20% off.", false},
	}
	for _, tt := range tests {
		offer, got := lendingOffer(textfold.Words(percentsAsWords(tt.text)))
		if got != tt.want {
			t.Errorf("lendingOffer(%q) = %v (%q), want %v", tt.text, got, offer, tt.want)
		}
	}
}

// TestBettingOffers holds the structural gambling screen: a bet word with
// the betting trade, or odds with a stake; not the everyday "bet" nor a
// match ticket.
func TestBettingOffers(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Boosted odds on tonight's match: deposit {{1}} and we match it.", true},
		{"Apuesta al partido del domingo con cuota mejorada.", true},
		{"Sua aposta grátis no jogo de hoje já está disponível.", true},
		{"Ihre Gratiswette für das Topspiel am Samstag wartet.", true},
		{"Pariez sur le match de ce soir, cote boostée.", true},
		{"You bet we have your size! New arrivals are in.", false},
		// A contest entered for a price with a money prize.
		{"Your lineup is locked in. Enter the $20 contest and win up to $10,000.", true},
		{"Enter the 2026 photo contest and win a weekend for two.", false},
		{"Your tickets for Saturday's match are attached.", false},
		{"Unser Tipp für den Winter: Reifen rechtzeitig wechseln.", false},
		{"Votre vol pour Paris part à 9 h.", false},
	}
	for _, tt := range tests {
		bet, got := bettingOffer(textfold.Words(tt.text))
		if got != tt.want {
			t.Errorf("bettingOffer(%q) = %v (%q), want %v", tt.text, got, bet, tt.want)
		}
	}
}

// TestIntentPlainOffers holds the intent combinations on offers written
// plainly without the verticals' usual words, and on everyday look-alikes
// that share one of their slots.
// firstVertical is a text and the vertical findVerticals must name first
// in it, "" for none.
type firstVertical struct{ text, want string }

func checkFirstVertical(t *testing.T, tests []firstVertical) {
	t.Helper()
	for _, tt := range tests {
		var got string
		if hits := findVerticals(tt.text); len(hits) > 0 {
			got = hits[0].Vertical
		}
		if got != tt.want {
			t.Errorf("findVerticals(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestIntentPlainOffers(t *testing.T) {
	tests := []firstVertical{
		{"Wager 10 and win 100 on the big game", gambling},
		// A game of chance played for money, whatever its price.
		{"Bingo night every Thursday with cash prizes for the winners.", gambling},
		{"Loto du club samedi soir : lots en espèces pour les gagnants.", gambling},
		{"Bingo night every Thursday at the care home, tea and cake for all.", ""},
		{"Monte seu time no fantasy da rodada e concorra a R$ 10 mil em prêmios em dinheiro. Inscrição a partir de R$ 5.", gambling},
		{"Tentez votre chance au jeu de grattage : jusqu'à 500 000 € à gagner dès 2 € ! Jouez en ligne maintenant.", gambling},
		{"Earn up to 12% annual returns with our real estate investment fund. Minimum investment is $1,000.", investment},
		{"Festgeld war gestern: Mit unserem ETF-Sparplan bis zu 8 % Rendite im Jahr.", investment},
		{"Lose a stone in 30 days, guaranteed, with our new slimming capsules.", healthClaims},
		{"Reverse ageing from within: our NAD+ supplement makes you biologically 10 years younger.", healthClaims},
		{"Our fantasy book club meets on Thursday; this month's prize is a signed copy.", ""},
		{"Rent-to-own: take it home today for $25 a week.", lending},
		{"Nouveaux gratteux en magasin! Achetez-en trois et courez la chance de gagner jusqu'à 1 million $.", gambling},
		{"Plan Crecimiento Seguro: deposita $5,000 y recibe $7,500 en 90 días. Sin riesgo.", investment},
		{"Ihr Termin ist bestätigt. Mit unserer Stammzellkur machen wir Ihre Arthrose in 3 Sitzungen rückgängig.", healthClaims},
		{"Before: 16 stone. After: 11 stone in just 8 weeks with KetoBurn.", healthClaims},
		{"Your 20 kg parcel arrives in 3 days; track it in the app.", ""},
		{"Your arthritis appointment with Dr Lee is confirmed for {{1}}.", ""},
		{"Stake small, win huge tonight", gambling},
		{"Apuesta 5 y gana 50 esta noche", gambling},
		{"Try our slots and hit the jackpot", gambling},
		{"Pawn your gold for cash today", lending},
		{"Refinance your mortgage at 2% today", lending},
		{"Rachat de crédit : taux fixe imbattable", lending},
		{"Earn 20% returns on your digital coins monthly", investment},
		{"Our members backed 7 of 9 winners last Saturday: get Friday's picks", gambling},
		{"¿Y si el premio mayor fuera tuyo? Te armamos tus combinaciones", gambling},
		{"Robô no mini índice: 93% de acerto, deixe ele operar por você", investment},
		{"Your wallet is eligible for the token drop: connect it to claim", investment},
		{"Pass our challenge and trade a funded account on FX and indices", investment},
		{"Your application is pre-cleared: 800 can be in your checking account by tomorrow", lending},
		{"Down 2 sizes in 30 days with no gym and no diet. Your bottle is reserved", healthClaims},
		{"Résultats visibles en 7 jours. Votre flacon est prêt à être expédié", healthClaims},
		{"Your account manager posted today's EUR/USD setups", investment},
		{"Your lab results will be ready within 7 days", ""},
		{"EU long from 1.0842, targets +30 pips. Yesterday's calls closed +212 pips", investment},
		{"Your daily bundle: 20,000 Gold Coins plus 5 Sweeps Coins. Spin the reels", gambling},
		{"Déjanos la factura en resguardo y sigue manejándolo", lending},
		{"Bingo night at the parish hall: bring a plate to share", ""},
		{"Tonight's 3-leg special: put in $10, it pays $64", gambling},
		{"Tus 100 giros ya están cargados: todo lo que saques lo retiras a tu tarjeta", gambling},
		{"Smart TV por R$ 1.999 em até 10x sem juros", ""},
		{"Your mortgage statement for {{1}} is ready in the app", ""},
		{"Cooking tips from last year's bake-off winners", ""},
		{"Take the 30-day fitness challenge: funded by our community, open to all", ""},
		{"Our robot vacuum maps your home: 30% off this week", ""},
		{"Add your boarding pass to your wallet", ""},
		{"Everything is at stake tonight: come and cheer us to a win!", ""},
		{"Book one of the last appointment slots for your check-up", ""},
		{"Your refinance application {{1}} has been received", ""},
		{"Place your order today and win a tote bag", ""},
		{"Chess club: learn to protect your pawn", ""},
		{"Earn coins with every purchase and redeem them in store", ""},
		{"Bet you'll love our new menu!", ""},
		// A contest paid into for a prize pool, scratch cards and slot
		// machines with a deposit, a coin pumped, remedies replacing care.
		{"Week 12 is open! Enter for $20 and compete for a share of a $1M prize pool", gambling},
		{"Online-Rubbellose: erstes Los gratis bei Einzahlung ab 10 €", gambling},
		{"Las maquinitas más pagadoras: deposita desde $100 y gira hoy", gambling},
		{"Next pump at 9 pm in the private group: the last coin did 40x", investment},
		{"Mindesteinlage 250 €, Rendite pro Tag garantiert, ohne Risiko", investment},
		{"ImmunoForce, le complément naturel qui remplace le vaccin contre la grippe", healthClaims},
		{"Our herbal tea protects you at 100 % from flu all winter", healthClaims},
		{"Chess open: entry fee £10, trophies for the top three", ""},
		{"Your order of cold and flu tea has shipped and arrives in 2 days", ""},
		{"Flu vaccine appointments are open: book at the pharmacy counter", ""},
		{"Our bike pump is back in stock, 20% off this week", ""},
		{"Ce samedi au Théâtre du Casino : soirée jazz, places à 18 €", ""},
		// Odds offered on a game, a cash advance.
		{"Bet on tonight's game: +200 odds at PeakPlay", gambling},
		{"Gates open 90 minutes before kick-off. Boost your odds", gambling},
		{"Get $500 cash today: fast cash advance", lending},
		{"Tips to improve your odds of landing the job", ""},
		{"Match day: gates open 90 minutes before kick-off", ""},
		{"Book in advance and get cash back today", ""},
		// Sexual performance sold with a remedy; a clinic's visit is not.
		{"Schlapp im Bett? Zwei kleine Kapseln am Tag könnten das ändern", healthClaims},
		{"New mattresses in store: better sleep in bed, 30 nights to try", ""},
	}
	checkFirstVertical(t, tests)
}

// TestReturnsPromises holds the investment-returns screen: a rate per
// period promised on an investment, not a subscription price.
// TestSpelledUnits shows number words before a unit of time, weight or
// percent read as a figure, and other number words left alone.
func TestSpelledUnits(t *testing.T) {
	tests := []struct{ text, want string }{
		{"works in thirty minutes", "works in 2 minutes"},
		{"doce kilos en dos meses", "2 kilos en 2 meses"},
		{"in twenty five days", "in 2 days"},
		{"rendimiento del dos por ciento mensual", "rendimiento del 2 por ciento mensual"},
		{"eighty per cent of your debts", "2 per cent of your debts"},
		{"up to five people", "up to five people"},
		{"two for one", "two for one"},
		{"check in sixty", "check in sixty"},
	}
	for _, tt := range tests {
		if got := strings.Join(spelledUnits(textfold.Words(tt.text)), " "); got != tt.want {
			t.Errorf("spelledUnits(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestReturnsPromises(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Invest from $250 and earn returns of 8% per week.", true},
		{"Invierte hoy: rentabilidad del 5% al mes.", true},
		{"Investimento com lucro de 2% ao dia.", true},
		{"Ihre Anlage bringt 3 % Rendite pro Monat.", true},
		{"Placement sûr : rendement de 4 % par mois.", true},
		{"Invest in your health for $10 a month.", false},            // no return word
		{"Your plan costs 9.99 per month; returns are free.", false}, // no investment
		{"The Albion Income Plan pays 1.5% a month, every month.", true},
		{"Con nuestro fondo obtienes un rendimiento del dos por ciento mensual.", true},
		{"Our gold-backed fund has returned 14% a year for five years running.", true},
		{"Your savings account now earns 4% a year.", false}, // no investment word
	}
	for _, tt := range tests {
		promise, got := returnsPromise(spelledUnits(textfold.Words(tt.text)))
		if got != tt.want {
			t.Errorf("returnsPromise(%q) = %v (%q), want %v", tt.text, got, promise, tt.want)
		}
	}
}

// TestHealthClaimRefusal shows a claim refused at Stage A in every
// category with the vertical named, in the regulated screen's shape, and
// RegulatedVertical reading it back.
func TestHealthClaimRefusal(t *testing.T) {
	for _, d := range []Draft{
		marketing(body("Our tea cures diabetes. Order today!")),
		utility(body("Your order {{1}} has shipped. Say goodbye to back pain!")),
		authBody("{{1}} is your verification code. Our drops heal migraines."),
		marketing(body("Hello {{1}}"), buttons(qr("No more migraines"))),
	} {
		var found bool
		for _, v := range d.Violations() {
			if vertical, ok := v.RegulatedVertical(); ok {
				found = true
				if vertical != healthClaims || v.Code != apperr.CodeTemplateCharPolicy ||
					!strings.HasPrefix(v.Rule, `refers to a regulated vertical (health claims: "`) {
					t.Errorf("%s: %+v", d.Category, v)
				}
			}
		}
		if !found {
			t.Errorf("%s %+v: no regulated refusal in %v", d.Category, d.Components, d.Violations())
		}
	}
}

// TestRegulatedVertical keeps RegulatedVertical in step with the rule
// validate.go writes, and tells the screen's refusals from the others.
func TestRegulatedVertical(t *testing.T) {
	vs := marketing(body("Sports betting tonight"), footer("{{1}}")).Violations()
	var regulated, other int
	for _, v := range vs {
		if vertical, ok := v.RegulatedVertical(); ok {
			regulated++
			if vertical != "gambling" {
				t.Errorf("vertical %q, want gambling", vertical)
			}
		} else {
			other++
		}
	}
	if regulated != 1 || other == 0 {
		t.Errorf("violations %v: %d regulated, %d other", vs, regulated, other)
	}
}

// TestAcrossFields holds the screen over the whole template: a pitch split
// between fields is refused under "components" when no field alone names
// the vertical, and a template whose fields are harmless together is not.
func TestAcrossFields(t *testing.T) {
	tests := []struct {
		name string
		d    Draft
		want string // the vertical refused under "components", or ""
	}{
		{"remedy in the header, its promise in the body",
			marketing(header("GlucoDrops for blood sugar"), body("Results guaranteed, {{1}}. Order yours!")), healthClaims},
		{"wager in the body, the win on a button",
			marketing(body("Wager 10 on tonight's final."), buttons(qr("Win 100 now"))), gambling},
		{"pawn in the header, cash in the body",
			marketing(header("Pawn your gold"), body("Get 500 today, {{1}}: walk in, walk out.")), lending},
		{"digital coins in the body, the return in the footer",
			marketing(body("Put your digital coins to work, {{1}}."), footer("Members earn 20% returns monthly")), investment},
		{"a clinic's reminder names a condition and a time",
			utility(header("Diabetes clinic"), body("Your check-up with Dr {{1}} is in 7 days. Reply to change it.")), ""},
		{"a shop's offer with a win and a stake-free draw",
			marketing(header("Summer draw"), body("Shop this week and win a picnic basket, {{1}}!"), footer("No purchase necessary")), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, c := range tt.d.Components {
				if c.Type == TypeBody && strings.Contains(c.Text, "{{1}}") {
					tt.d.Components[i].Example = json.RawMessage(`{"body_text":[["Ana"]]}`)
				}
			}
			var got []string
			for _, v := range tt.d.Violations() {
				vertical, ok := v.RegulatedVertical()
				if !ok {
					t.Errorf("not a regulated refusal: %v", v)
					continue
				}
				if v.Path != "components" {
					t.Errorf("a single field was refused: %v", v)
				}
				got = append(got, vertical)
			}
			if want := []string{tt.want}; tt.want == "" && len(got) > 0 || tt.want != "" && !slices.Equal(got, want) {
				t.Errorf("refused %v, want %q", got, tt.want)
			}
		})
	}
}

// TestVenuesAndFreeDraws holds the two look-alikes the screen lets
// through: a casino named only as the place of a meal, a stay or a shop,
// and a raffle free to enter; with a game, a stake or a price they are
// refused as before.
func TestVenuesAndFreeDraws(t *testing.T) {
	tests := []firstVertical{
		{"Your table at the Casino Brasserie is booked for 8 pm, {{1}}.", ""},
		{"Casino supermarché : vos courses sont livrées demain.", ""},
		{"Ihre Reservierung auf der Terrasse der Spielbank ist bestätigt.", ""},
		{"Book a table at our casino restaurant and get 20 free spins.", gambling},
		{"Casino tonight: blackjack and roulette until 2 am.", gambling},
		{"Casino weekend: your hotel room comes with a 50 € deposit bonus.", gambling},
		{"School fair on Saturday: every family gets a free raffle ticket.", ""},
		{"Kermesse samedi : un ticket de tombola offert par enfant.", ""},
		{"Raffle tickets £2 each, win a hamper!", gambling},
		{"Free raffle ticket with every 10 € order.", gambling},
	}
	checkFirstVertical(t, tests)
}

// TestSlotsShareAWord holds the check that refuses a phrase written as if
// "|" separated phrases.
func TestSlotsShareAWord(t *testing.T) {
	for _, tt := range []struct {
		phrase string
		bad    bool
	}{
		{"dites moi|dis moi", true},
		{"send it|the money|the difference back", true},
		{"happy mother s|father s day", true},
		{"early access|vip|limited spots|spots are limited", true},
		{"dites|dis moi", false},
		{"send the money|difference back", false},
		{"eur|usd usd|eur", false}, // a pair: the same alternatives twice
		{"nehmen|nimmst _ ab", false},
		{"payday loan", false},
	} {
		if _, bad := SlotsShareAWord(tt.phrase); bad != tt.bad {
			t.Errorf("SlotsShareAWord(%q) = %v, want %v", tt.phrase, bad, tt.bad)
		}
	}
}
