package classify

import (
	"fmt"
	"strings"
)

// The intent layer of the scam check. The families of scam.go name the
// wording of scams seen before, and new wording slips past them: each batch
// written without seeing the rules found a third of its scams approved. The
// intent layer reads what a message is trying to get its recipient to do,
// from a few generic slots rather than phrases, each a short list of words
// in the five languages:
//
//   - benefit: money or a prize the recipient is told is theirs (a prize,
//     winnings, a refund, compensation, an inheritance, a grant, a gift
//     card);
//   - selected: the recipient singled out without asking (selected,
//     chosen, picked, eligible, lucky, drawn);
//   - urgency: a deadline pressed (within 24 hours, today only, last
//     chance, final notice, expires);
//   - fee: a fee, tax or charge to pay (a processing, release, customs or
//     shipping fee);
//   - data: secrets or identity asked for (bank details, card number, CVV,
//     PIN, password, identity number), not when the sentence negates it, as
//     a bank's warning does ("we will never ask for your PIN");
//   - contact: an action off the channel (click a link, reply, call, write
//     on another app).
//
// A slot alone is ordinary vocabulary; the combinations are the intent:
// a benefit with a fee to pay is an advance-fee scam, a benefit with
// secrets to hand over is phishing, and a benefit offered to a recipient
// singled out, pressed by a deadline or sent off the channel, is a lure.
// Every combination needs the benefit, which is what a scam promises; a
// sale with a deadline, a bank's fraud alert and a clinic's reminder carry
// none. The signal quotes each slot's words and where they were found.
var (
	intentBenefit = compile([]term{{Rule: "intent.benefit", Weight: 1, Unless: []string{
		"%", "points", "puntos", "pontos", "punkte", "cashback", "discount", "descuento", "desconto", "rabatt", "remise",
		"auction", "subasta", "leilao", "auktion", "enchere",
	}, Phrases: []string{
		"prize|prizes", "won", "winner|winners", "winnings", "reward|rewards", "jackpot", "inheritance", "compensation",
		"refund|refunds", "reimbursement", "rebate", "grant", "subsidy", "unclaimed",
		"traced the funds", "funds you lost", "lost funds", "fondos perdidos", "dinheiro perdido", "verlorenes geld", "fonds perdus",
		"legacy|bequest|beneficiary", "bequeathed",
		// A stranger's estate said to fall to the recipient ("a late client
		// who shares your surname and died without a will").
		"estate of a|the late", "shares your surname", "shares your last name", "died without a will", "died intestate", "leaving no will",
		"mismo apellido que usted|tu", "mesmo sobrenome que você", "même nom de famille que vous", "gleichen nachnamen wie sie", "vous a légué|lègue", "légué|léguée|légués", "le|te legó|dejó en herencia", "legou|deixou de herança", "hat ihnen|dir vermacht", "vermacht", "legado", "beneficiario|beneficiaria de", "vermächtnis", "légataire",
		"erstattet ihnen|dir", "vous rembourse", "le|te reembolsa", "reembolsa você", "gift card|cards", "cash prize",
		"free iphone|phone|laptop|tv", "benefit payment", "stimulus", "payout", "funds waiting|pending|held",
		"premio|premios", "ganaste|ganó|ganado", "fue beneficiado|beneficiada", "resultó beneficiado|beneficiada", "ganador|ganadora|ganadores", "recompensa|recompensas", "herencia",
		"indemnización", "compensación", "reembolso|reembolsos", "devolución de impuestos", "subsidio", "ayuda económica",
		"tarjeta regalo", "bono de ¤", "bono de #", "fondos pendientes|retenidos",
		"ganhou", "ganhador|ganhadora|vencedor|vencedora|sorteado|sorteada|contemplado|contemplada",
		"herança", "indenização", "compensação", "restituição", "valores a receber", "dinheiro esquecido", "auxílio",
		"cartão presente", "vale presente",
		"gewinn|gewinne|gewonnen|gewinner|gewinnerin", "preisgeld", "belohnung", "erbschaft", "entschädigung",
		"rückerstattung|erstattung", "steuererstattung", "zuschuss", "geschenkkarte", "gutschein über ¤", "gutschein über #",
		"gagné|gagnant|gagnante|gagnants", "récompense|récompenses", "héritage", "indemnisation", "indemnité",
		"remboursement", "subvention", "carte cadeau", "aide de ¤", "aide de #", "chèque cadeau", "lot à retirer|réclamer",
		"ayuda de #", "ayuda de ¤", "apoyo|apoyos de # ¤", "apoyo|apoyos de #", "apoyo|apoyos de ¤ #", "resultaste ganador|ganadora", "gutschein|gutscheine|einkaufsgutschein|einkaufsgutscheine", "voucher|vouchers", "a|an|um|uma|un|una|ein|einen|novo|nuevo|nouvel|nouveau|neues|neuen|brand iphone|ipad|macbook|playstation", "ganhe|gane|gagnez|gewinne|gewinnen|win|won|ganhou|ganaste iphone|ipad|macbook|playstation", "iphone|ipad|macbook|playstation gratis|grátis|gratuit|free|kostenlos", "you have been|you ve been awarded", "se le ha concedido|concedida", "ha sido concedido|concedida", "foi concedido|concedida|liberado|liberada para você", "wurde|wurden bewilligt|gewährt|zugesprochen", "stehen ihnen|dir # ¤|zu", "vous a été accordé|accordée|attribué|attribuée", "bon d achat|bons d achat", "vale compras", "remportez|remporte|remporté", "cadeau|cadeaux", "regalo|regalos", "brinde|brindes", "geschenk|geschenke",
		"a receber", "valores esquecidos", "valor|valores para receber", "liberado|liberada|disponível em seu nome", "emissão do alvará", "alvará judicial", "alvará|alvara de levantamento", "money|cash|payment|funds waiting for you", "pending payment|payout", "dinero|pago esperándote|pendiente", "pago pendiente", "dinheiro|pagamento pendente|esperando", "ausstehende zahlung|auszahlung", "paiement|argent en attente", "en attente pour vous|toi", "pending for you", "pendiente para ti|usted", "pendente para você", "für sie|dich hinterlegt",
	}}})
	intentSelected = compile([]term{{Rule: "intent.selected", Weight: 1, Phrases: []string{
		"selected", "preselected", "chosen", "picked", "eligible", "preseleccionado|preseleccionada", "pré selecionado|selecionada", "présélectionné|présélectionnée", "vorausgewählt", "lucky", "randomly", "drawn", "qualified to receive|claim",
		"seleccionado|seleccionada", "elegido|elegida", "escogido|escogida", "afortunado|afortunada", "sorteado|sorteada",
		"elegible",
		"selecionado|selecionada", "escolhido|escolhida", "sortudo|sortuda", "contemplado|contemplada", "elegível",
		"ausgewählt", "auserwählt", "glückspilz", "gezogen", "berechtigt",
		"sélectionné|sélectionnée", "choisi|choisie", "chanceux|chanceuse", "tiré|tirée au sort",
		"you qualify|qualified|qualifies", "calificas|calificaste|calificado|calificada", "você se qualificou", "você foi qualificado|qualificada", "qualifiziert", "vous êtes qualifié|qualifiée",
	}}})
	intentUrgency = compile([]term{{Rule: "intent.urgency", Weight: 1, Phrases: []string{
		"urgent|urgently", "immediately", "within # hours|hrs|h|minutes|days", "in the next # hours|minutes",
		"today only", "before midnight", "last chance", "final notice|warning|reminder|call", "expir*",
		"or it will be|you will lose|forfeit", "asap", "deadline",
		"urgente", "inmediatamente", "en|dentro de las próximas|proximas # horas|minutos",
		"en # horas|minutos", "hoy mismo", "última oportunidad", "último aviso", "antes de medianoche", "caduca|caducan|vence|vencen",
		"imediatamente", "em até # horas|minutos", "nas próximas # horas", "hoje mesmo", "última chance", "vence|vencem hoje",
		"prazo", "dringend", "sofort", "umgehend", "innerhalb von # stunden|minuten|tagen", "heute noch", "letzte chance",
		"letzte mahnung|warnung", "läuft ab", "verfällt", "frist", "immédiatement", "sous # heures|h|jours",
		"dans les # heures", "dans # h|heures", "dernière chance", "dernier avis|rappel", "délai",
		"até hoje", "hasta hoy", "bis heute", "avant ce soir", "by|before tonight", "läuft am {{}} ab|aus", "endet am {{}}",
		"antes de las {{}}", "before|by {{}}", "antes del|de {{}}", "até {{}}", "bis zum {{}}", "bis {{}}", "avant le {{}}", "by midnight", "hasta la medianoche", "até a meia noite", "bis mitternacht", "avant minuit",
	}}})
	// A fee said to be free or included ("frete grátis", "free shipping")
	// is none.
	intentFee = compile([]term{{Rule: "intent.fee", Weight: 1, Unless: []string{
		"gratis", "free", "gratuit", "gratuite", "gratuito", "gratuita", "kostenlos", "offert", "offerte", "included", "incluido", "incluso", "inklusive", "inclus",
	}, Phrases: []string{
		"processing|release|handling|clearance|activation|transfer|delivery|redelivery|shipping|customs|admin|administration|unlock|verification|withdrawal|registration|correction|filing|penalty fee|fees",
		// Court costs paid before a judgment's money is released: the fake
		// lawyer's script ("recolhimento das custas processuais").
		"recolhimento das custas", "gastos procesales|judiciales", "costas procesales|judiciales",
		"court costs|fees", "frais de procédure|justice",
		"small|symbolic fee", "one off fee", "a fee of", "pay a|the fee", "pay the shipping|postage|customs|delivery|tax",
		"customs duty|duties|charges", "postage", "only pay shipping|postage",
		"tasa de liberación|envío|gestión|aduana|procesamiento|activación|desbloqueo", "pagar|pague|paga|pagues la|una tasa|comisión",
		"gastos de envío|gestión|liberación|aduana|trámite|tramitación", "cuota de activación|liberación", "solo pagas|paga el envío",
		"cubrir|cubra|pagar|pague el trámite", "el trámite de ¤", "el trámite de {{}}", "el trámite de #", "pago del trámite",
		"taxa de liberação|envio|entrega|desbloqueio|alfândega|processamento|transferência|saque|resgate|ativação|cadastro",
		"pague|pagar|paga a|uma taxa", "frete", "taxa simbólica|administrativa", "só paga|pague o frete",
		"bearbeitungsgebühr", "freischaltgebühr", "zollgebühr|zollgebühren", "versandkosten", "gebühr von", "kleine gebühr",
		"zahlen sie die|eine gebühr", "aktivierungsgebühr", "auszahlungsgebühr",
		"frais de dossier|livraison|douane|traitement|déblocage|port|transfert|activation|retrait", "payez|payer les|des frais",
		"petits frais", "droits de douane",
		// A fee under another name, paid to release what is promised.
		"pay|paga|pague|paie|payez|zahlen the|el|la|o|a|le|den insurance|seguro|assurance|versicherung|flete|adesão|adhésion",
		"pay|paga|pague|paie|payez|zahlen the|el|la|o|a|le|den _ insurance|seguro|assurance|versicherung|flete|adesão|adhésion",
		"realiza|realice|haz|haga una recarga de", "faça|faz|realize uma recarga de", "tasa de tramitación", "abone la tasa", "taxa de adesão", "frais d adhésion", "cuota de inscripción|adhesión", "joining|membership fee",
		"card verification|check", "verificación de tarjeta", "verificação do cartão", "kartenprüfung", "vérification de carte",
		"taxa de reentrega", "nachgebühr|nachporto", "cubre|cubra|cubrir el envío|flete|seguro", "cover the shipping|insurance", "retainer", "small retainer", "anticipo de honorarios", "honorários antecipados", "vorschuss", "provision d honoraires",
		"gastos|honorarios notariales", "frais de notaire", "notarkosten|notargebühren", "custas|taxas cartoriais",
		"custas", "custas processuais|judiciais", "costas judiciales|procesales", "gerichtskosten|verfahrenskosten", "frais de justice|procédure",
		"redelivery|delivery|import|customs charge|charges", "einfuhrgebühr|einfuhrabgabe", "frais d envoi",
		"pay|paying|abone|abona|paga|pague|pagar|pagues|zahlen|zahle|überweisen|réglez|régler|payez|payer|deposita|deposite ¤ #", "pay|paying|abone|abona|paga|pague|pagar|pagues|zahlen|zahle|überweisen|réglez|régler|payez|payer|deposita|deposite # ¤", "pay|paying|abone|abona|paga|pague|pagar|pagues|zahlen|zahle|réglez|régler|payez|payer|deposita|deposite r ¤ #", "zahlen sie # ¤", "paga|pague|pagar|abona|abone el envío|los gastos", "pay for the shipping|delivery", "frais de port|livraison", "versandgebühr", "pague|pagar o frete", "solo paga|pague el envío", "notargebühr|anwaltsgebühr|gebühr von",
	}}})
	intentData = compile([]term{{Rule: "intent.data", Weight: 1, Phrases: []string{
		"bank details", "banking details", "account number", "card number", "card details", "cvv", "cvc", "security code",
		"pin", "password", "login details", "id number", "social security", "ssn", "passport", "personal details",
		"personal information", "iban", "sort code", "routing number",
		"datos bancarios|personales", "número de tarjeta|cuenta", "número de tu|su tarjeta|cuenta", "clave", "contraseña",
		"código de seguridad", "dni", "curp", "cbu", "clabe", "datos de tu|su|la tarjeta", "dados do|de cartão", "dados do|de seu cartão",
		"kartendaten", "données de votre|ta carte",
		"dados bancários|pessoais", "número do cartão", "número da conta", "senha", "cpf", "código de segurança", "rg",
		"bankdaten", "kontodaten", "bankverbindung", "kartennummer", "kreditkartennummer", "passwort", "kennwort",
		"ausweisnummer", "persönliche daten", "sicherheitscode",
		"coordonnées bancaires", "numéro de carte", "rib", "code confidentiel", "mot de passe", "pièce d identité",
		"données personnelles", "cryptogramme",
		"social security number", "número de seguridad social", "número da segurança social", "sozialversicherungsnummer", "steuer id|identifikationsnummer", "numéro de sécurité sociale", "identifiants", "credentials", "credenciales", "credenciais", "zugangsdaten",
	}}})
	intentContact = compile([]term{{Rule: "intent.contact", Weight: 1, Phrases: []string{
		"click|tap|open|visit|follow the|this link", "click|tap here|below", "reply|respond with|yes|now", "reply to this",
		"call|text|message|contact us|now", "call|text this number", "whatsapp|telegram|signal", "dm|dms|inbox",
		"haz|hagan clic|click", "pulsa|toca|abre el|este enlace", "responde|responda con|sí|si|ya", "llama|llame|escribe|escríbenos al|ahora",
		"clique|toque|acesse no|o|este link", "responda|responde com|sim|agora", "ligue|chame|fale|escreva para|no|agora",
		"klicken|tippen sie hier", "klicken|tippen sie auf den link", "klick|tipp auf den link", "klick|tipp hier", "antworten sie mit|jetzt",
		"antworte mit|jetzt", "rufen sie jetzt|uns|an", "ruf an|jetzt", "schreiben sie uns|an", "cliquez|appuyez ici",
		"cliquez|appuyez sur le|ce|ici", "répondez|réponds par|avec|oui", "appelez|contactez le|nous|maintenant", "appelez|contactez ce numéro",
		"écrivez nous",
	}}})
)

// Slots of the combinations that need no benefit: a relative writing from
// a new number who needs money, a job paying by the day for effortless
// work, and an account threatened unless details are updated in time.
var (
	intentQuiz = compile([]term{{Rule: "intent.quiz", Weight: 1, Phrases: []string{
		"answer # quick|short|simple questions", "answer # questions", "complete a|our|this short|quick survey",
		"responde|responda|contesta # preguntas", "responde|responda una encuesta", "responda|responde # perguntas",
		"responda|responde uma|a pesquisa", "beantworte|beantworten # fragen", "beantworte|beantworten sie # kurze|kleine fragen",
		"répondez|réponds à # questions", "répondez à un|ce questionnaire",
	}}})
	intentKin = compile([]term{{Rule: "intent.kin", Weight: 1, Phrases: []string{
		"mum|mom|mummy|mommy|dad|daddy|grandma|grandpa|nan", "it s me", "mamá|mama|papá|papa|abuela|abuelo|mami|papi",
		"soy yo", "mãe|mae|pai|vó|vô|vovó|vovô|mainha", "sou eu", "oma|opa|mutti|vati", "ich bin s|es",
		"maman|papa|mamie|papi|mamy", "c est moi",
		// Aunts, uncles and grandchildren: the grandchild trick's kin.
		"aunt|auntie|uncle|grandson|granddaughter|nephew|niece", "tía|tia|tío|tio|sobrino|sobrina|nieto|nieta",
		"hijo|hija|filho|filha|sohn|tochter|fils|fille|son|daughter", "tia|tio|sobrinho|sobrinha|neto|neta", "tante|onkel|enkel|enkelin|neffe|nichte", "tata|tonton|neveu|nièce", "petit fils", "petite fille",
		// A relative named as such by a caller ("su familiar fue detenido").
		"su|tu familiar|pariente", "seu|sua familiar|parente", "ihr|ihre|dein|deine angehöriger|angehörige|verwandter|verwandte",
		"votre|ton proche", "your relative", "your family member",
	}}})
	intentNewNumber = compile([]term{{Rule: "intent.new_number", Weight: 1, Phrases: []string{
		"new number", "phone broke|broken|died", "lost my phone", "dropped my phone", "nuevo número", "número nuevo",
		"se me cayó|rompió el móvil|celular|teléfono", "perdí el móvil|celular", "novo número", "troquei de número|celular",
		"meu celular quebrou|caiu", "perdi meu celular", "neue nummer", "handy ist kaputt", "handy kaputt", "handy verloren",
		"nouveau numéro", "téléphone cassé", "perdu mon téléphone", "portable cassé",
	}}})
	intentMoneyAsk = compile([]term{{Rule: "intent.money_ask", Weight: 1, Phrases: []string{
		"pay|paying a|the|this|my bill|bills", "transfer|send me|us", "send money", "lend me", "a favour|favor", "gift card|cards",
		"bizum", "pix", "transferencia", "hacer|haz|hazme un pago|depósito|bizum", "préstame|prestame", "deposítame|depositame",
		"paga|pagar|pagarme|pague una|la|esta factura", "te devuelvo", "pagar pra|para mim", "me empresta",
		"depois te devolvo", "überweisen|überweis|überweise", "überweisung", "was überweisen", "leih mir", "bezahlen für mich",
		"virement", "vire|virer moi", "prête|prêter moi", "payer une|la|cette facture", "je te rembourse", "rembourse",
		"necesitamos|necesito que deposite|deposites|pague|pagues|transfiera|transfieras", "precisamos|preciso que deposite|pague|transfira",
		"deposítale|depositale|deposita|depositá a|en esta cuenta", "deposite|deposita|pague|paga la fianza", "pay the bail", "deposita|deposite nesta|na conta", "zahl|zahle auf dieses konto",
		"verse|versez sur ce compte", "deposit|pay into this account",
		"brauche|brauchen dringend", "need urgently", "urgently need", "necesito urgente|urgentemente", "preciso urgente|urgentemente",
		"besoin urgent|urgemment", "holt|abholen das geld", "collect|pick up the money|cash", "recoger el dinero", "buscar o dinheiro",
		"récupérer l argent",
	}}})
	intentDayPay = compile([]term{{Rule: "intent.day_pay", Weight: 1, Phrases: []string{
		"# per|a|each day|daily", "¤ # per|a|each day", "# ¤ per|a|each day", "# # per|a|each day", "¤ # # ¤ # per|a day",
		"paid daily", "paid same day", "# ¤ taglich", "# # ¤ taglich", "¤ # taglich", "¤ # ¤ # daily|day", "# al|por día|dia", "# diarios|diarias|diários|diárias", "# ¤ al|por día|dia", "# ¤ diarios|diarias",
		"hasta # ¤ diarios|diarias", "r ¤ # por dia", "# pro tag", "# ¤ pro tag", "# par jour", "# ¤ par jour", "auszahlung täglich",
		"pagamento diário", "pago diario", "paiement quotidien", "# # ¤ pro|am tag", "# ¤ # ¤ pro tag", "# # ¤ par jour",
		// The pay a parameter holds, by the day or the task.
		"paid out daily", "{{}} paid out daily", "{{}} per|a day|task", "{{}} daily", "{{}} diarios|diarias|diários|diárias",
		"{{}} al|por día|dia|tarea|tarefa", "{{}} ao dia", "{{}} pro tag|aufgabe", "{{}} par jour|tâche", "# ¤ per|por|par task|tarea|tarefa|tâche",
	}}})
	intentEasyWork = compile([]term{{Rule: "intent.easy_work", Weight: 1, Phrases: []string{
		"from home", "work from|at home", "remote", "part time", "no experience", "simple|easy tasks|task|work|online",
		"like|likes|liking videos|posts|products", "rate|rating|review products|hotels|apps", "just your phone", "only your phone",
		"desde casa", "en casa", "sin experiencia", "tareas sencillas|simples", "dando likes", "valorar|calificar hoteles|productos|apps",
		"home office", "homeoffice", "produkte|artikel bewerten|testen", "produkte|artikel auf _ bewerten", "rate|review|test products", "de casa", "em casa", "sem experiência", "tarefas simples", "avaliar produtos|hotéis|apps",
		"avalie|avalia|avaliando produtos|hotéis|apps", "# minutes a day", "from your phone", "desde tu celular|móvil",
		"curtir|curta|curtindo vídeos|videos|posts|fotos", "meio período",
		"von zu hause|zuhause", "ohne erfahrung", "einfache online aufgaben|tätigkeiten", "einfache aufgaben|tätigkeiten", "bewertungen schreiben",
		"à domicile", "depuis chez vous|toi", "sans expérience", "tâches simples", "noter des produits|hôtels|applications",
	}}})
	intentThreat = compile([]term{{Rule: "intent.threat", Weight: 1, Phrases: []string{
		"suspended|blocked|locked|closed|deactivated|cancelled|canceled|frozen|disabled|restricted|terminated",
		"infected|compromised", "infectado|infectada|comprometido|comprometida", "infiziert|kompromittiert", "infecté|infectée|compromis",
		"suspension|closure|deactivation|cancellation|clamping", "avoid a|the fine|penalty|late fee",
		"suspendid*|bloquead*|cancelad*|cerrad*|desactivad*|congelad*|restringid*", "suspensión|bloqueo|cancelación|corte|embargo|multa",
		"suspens*|bloquead*|cancelad*|encerrad*|desativad*|restrit*", "bloqueio|suspensão|cancelamento|devolução|multa",
		"gesperrt|gekündigt|deaktiviert|eingefroren|blockiert", "sperrung|kündigung|deaktivierung|mahngebühr|strafe",
		"kontosperrung|kartensperrung|zugangssperrung|kontoschließung|kontoeinschränkung",
		"suspendu|suspendue|bloqué|bloquée|clôturé|clôturée|désactivé|désactivée|résilié|résiliée",
		"suspension|blocage|clôture|résiliation|majoration|amende|poursuites", "bußgeld|bussgeld|strafzettel",
	}}})
	intentUpdate = compile([]term{{Rule: "intent.update", Weight: 1, Phrases: []string{
		"verify|update|confirm|validate|reactivate|regularize|regularise your", "verify|update|confirm|validate now|here|today",
		"verifica|verifique|actualiza|actualice|confirma|confirme|valida|valide|regulariza|regularice tu|su|sus",
		"verifique|atualize|confirme|valide|regularize|reative seu|sua|seus|suas|agora|hoje",
		"aktualisieren|bestätigen|verifizieren|reaktivieren sie", "aktualisiere|bestätige|verifiziere dein|deine",
		"vérifiez|mettez à jour|confirmez|validez|réactivez|régularisez votre|vos",
		"regularizando|regularizar|regularize|regularice|regulariza", "régularisez|régulariser", "regularisieren",
	}}})
)

// Slots of further intents that need no benefit: a return guaranteed per
// period (a Ponzi scheme whatever it trades), a device threatened with a
// number to call, a charge to undo by calling, money to receive from a
// buyer through a link, and money asked for in vouchers or by a lover.
var (
	intentGuarantee = compile([]term{{Rule: "intent.guarantee", Weight: 1, Phrases: []string{
		"guaranteed", "zero|no risk", "risk free", "fully insured", "garantizado|garantizada|garantizados", "sin|cero riesgo",
		"garantido|garantida|garantidos", "sem|zero risco", "risco zero", "garantiert|garantierte|garantierten", "ohne risiko",
		"risikofrei", "garanti|garantie|garantis", "sans risque", "zéro risque",
	}}})
	intentRate = compile([]term{{Rule: "intent.rate", Weight: 1, Phrases: []string{
		"# % every|per|a|each day|week|month", "# % daily|weekly|monthly", "# % al|por|cada día|dia|semana|mes",
		"# % ao|por|cada dia|semana|mês|mes", "# % pro|jeden|jede tag|woche|monat", "# % täglich|wöchentlich|monatlich",
		"# % par|chaque jour|semaine|mois", "# % mensual|mensuales|semanal|diario|mensal|diário|mensuel|hebdomadaire",
	}}})
	intentDevice = compile([]term{{Rule: "intent.device", Weight: 1, Phrases: []string{
		"computer|pc|laptop|device|windows|mac|files|license|licence", "virus|viruses|malware|trojan|hacked|hackers",
		"ordenador|computadora|dispositivo|archivos|licencia", "computador|dispositivo|arquivos|licença", "rechner|gerät|dateien|lizenz",
		"ordinateur|appareil|fichiers|licence", "virenschutz|antivirus|antivírus",
	}}})
	intentCharge = compile([]term{{Rule: "intent.charge", Weight: 1, Phrases: []string{
		"renewed|charged|billed|debited", "auto renewed|renewal", "renovado|renovada|cobrado|cobrada|cargado|cargada",
		"renovação|renovacao|debitado|debitada", "verlängert|abgebucht|belastet", "renouvelé|renouvelée|débité|débitée|prélevé|prélevée",
	}}})
	intentUndo = compile([]term{{Rule: "intent.undo", Weight: 1, Phrases: []string{
		"refund|cancel|cancellation", "money back", "reembolso|cancelar|cancelación|devolución", "reembolso|cancelar|cancelamento|estorno",
		"erstattung*|stornier*|kündig*|zurückerhalten|zurückzuerhalten", "geld zurück",
		"remboursement|annuler|annulation|rembourser",
	}}})
	intentMarketplace = compile([]term{{Rule: "intent.marketplace", Weight: 1, Phrases: []string{
		// The "protected shipping" the fake buyer says was paid for.
		"protected shipping|payment|delivery", "envío|envio|pago protegido", "sicheren|sicherer bezahlservice", "sichere bezahlung", "envio|pagamento protegido|garantido",
		"sicherer|geschützter versand", "paiement|envoi sécurisé|protégé",
		"your ad|listing|item", "the item|article", "tu anuncio|artículo", "su anuncio|artículo", "seu anúncio|artigo|produto",
		"ihre|deine anzeige|inserat|artikel", "den artikel", "ihren|deinen artikel", "ihr|dein inserat", "sicher bezahlen", "votre annonce|article", "l article",
	}}})
	intentReceive = compile([]term{{Rule: "intent.receive", Weight: 1, Phrases: []string{
		"receive|collect|accept the|your payment|money|funds", "receive {{}}", "recibir|cobrar|aceptar el|tu pago|dinero",
		"receber|aceitar o|seu pagamento|dinheiro", "erhalten|empfangen|annehmen sie die|das zahlung|geld",
		"recevoir|accepter le|les|votre paiement|argent|fonds", "recevoir les {{}}",
		"geld freigegeben", "empfang bestätigen", "bestätige|bestätigen sie hier|den empfang", "zahlung empfangen", "liberar el pago",
		"liberar o pagamento", "débloquer le paiement",
		// Told as a purpose ("um das Geld zu erhalten, bestätigen Sie...").
		"das|die geld|zahlung zu erhalten|empfangen", "to receive the|your money|payment", "para recibir el|tu dinero|pago",
		"para receber o|seu dinheiro|pagamento", "pour recevoir l|votre argent|paiement",
	}}})
	intentVoucherPay = compile([]term{{Rule: "intent.voucher_pay", Weight: 1, Phrases: []string{
		// Cash transfers the sender cannot reverse or trace, named as the
		// way to pay.
		"by|via|through|with|por|vía|pelo|pela|com|per|über|par western union", "western union|moneygram accepté|accepted|aceptado|aceito|akzeptiert", "by|via|through|with|por|vía|pelo|pela|com|per|über|par moneygram|worldremit",
		"gift card|cards", "prepaid card|cards", "tarjeta|tarjetas prepago|prepagada|prepagadas", "cartão|cartões pré-pago", "cartão|cartões pré-pagos", "cartão|cartões prepago|prepagos",
		"prepaid-karte", "prepaidkarte|prepaidkarten", "carte|cartes prépayée|prépayées", "steam|itunes card|cards", "google play card|cards", "apple gift card|cards", "transcash|neosurf|paysafecard|pcs",
		"coupon|coupons", "tarjeta|tarjetas regalo", "cartão|cartões presente", "geschenkkarte|geschenkkarten|guthabenkarte|guthabenkarten",
		"carte|cartes cadeau",
	}}})
	intentAffection = compile([]term{{Rule: "intent.affection", Weight: 1, Phrases: []string{
		"my love|darling|sweetheart|honey|babe", "mon amour|chéri|chérie|bébé", "mi amor|cariño|corazón", "meu amor|querida|querido",
		"mein schatz|liebling", "meine liebe", "mein lieber", "my dear", "mi querida|querido", "minha querida", "ma chérie", "mon chéri", "i love you", "je t aime", "te amo|quiero", "ich liebe dich",
	}}})
	// intentTrouble and intentSecrecy are a relative's emergency and the
	// ask to keep it quiet: the grandchild trick ("estoy en el retén...
	// no le digas a mi mamá").
	intentTrouble = compile([]term{{Rule: "intent.trouble", Weight: 1, Phrases: []string{
		"arrested|detained|jail|prison|checkpoint|accident|hospital|bail", "police station",
		"detenido|detenida|retén|reten|cárcel|carcel|comisaría|comisaria|accidente", "fianza para salir",
		"preso|presa|detido|detida|delegacia|cadeia|acidente|blitz", "verhaftet|festgenommen|polizei|gefängnis|unfall|krankenhaus|kaution",
		"arrêté|arrêtée|commissariat|hôpital", "garde à vue",
	}}})
	intentSecrecy = compile([]term{{Rule: "intent.secrecy", Weight: 1, Phrases: []string{
		"do not discuss", "don t discuss", "no lo comente|comentes", "no avise a nadie", "não avise ninguém", "não comente",
		"sprechen sie mit niemandem", "n en parlez à personne", "don t tell", "do not tell", "keep it between us", "keep it a secret", "no le digas|digan", "no les digas", "que no se entere",
		"não conta|conte|fala|fale pra|para", "não contes", "sag nichts|niemandem", "sagen sie nichts|niemandem", "erzähl|erzähle nichts",
		"ne dis|dites rien", "ne le dis|dites pas", "n en parle|parlez pas", "entre nous",
	}}})
	// intentRemoteAccess is a remote-access tool or session asked for:
	// with an intrusion or a threat it is the tech-support scam ("a
	// technician will ask you to install the SafeAssist app so they can
	// secure your device").
	intentRemoteAccess = compile([]term{{Rule: "intent.remote_access", Weight: 1, Phrases: []string{
		"anydesk|teamviewer|quicksupport|rustdesk|ultraviewer|splashtop|logmein|supremo", "remote access|session|desktop",
		"install the support app", "instalar la aplicación|app de soporte", "instalar o aplicativo de suporte", "support app installieren",
		"installer l application d assistance", "install|download the|our|this _ app|application|software|tool so|to", "install|download _ _ app|application|software so",
		"acceso remoto", "instala|descarga|instale|descargue la|el _ app|aplicación|programa", "acesso remoto", "instale|baixe o|a _ app|aplicativo|programa",
		"fernzugriff|fernwartung|fernsteuerung", "installieren|laden sie die _ app|software", "accès|contrôle à distance",
		"prise en main à distance", "installez|téléchargez l application", "installez|téléchargez le logiciel",
		// Remote assistance named as such ("instale la aplicación de
		// asistencia remota que le indicará nuestro técnico").
		"remote assistance|support", "asistencia|soporte|asistente remoto|remota", "assistência|suporte remoto|remota",
		"fernhilfe|fernsupport", "assistance|dépannage à distance",
		"instala|descarga|instale|descargue la|el app|aplicación|programa de", "instale|baixe o|a app|aplicativo|programa de",
	}}})
	intentIntrusion = compile([]term{{Rule: "intent.intrusion", Weight: 1, Phrases: []string{
		"hacker|hackers|hacked|intruder|breach", "sign in from", "login from", "log in from", "unauthori*", "hackeado|hackeada|hacker|intruso",
		"accesos|acceso|conexiones|conexión no autorizados|autorizado|autorizadas|autorizada", "acessos|acesso não autorizados|autorizado",
		"unbefugte|unbefugter zugriff|zugriffe", "accès|connexions non autorisés|autorisé|autorisées",
		"inicio de sesión desde", "hackeado|invasor|invadida|invadido", "login de|em", "gehackt|hacker|eindringling",
		"anmeldung aus|von", "piraté|piratée|pirate|intrusion", "connexion depuis|suspecte",
		"warning messages", "sends warnings", "sendet warnmeldungen", "warnmeldungen", "envía alertas", "envia alertas", "envoie des alertes",
		"virus|malware|trojan|viren|vírus", "anular|anule|anula el cargo", "cancel the charge", "cancelar a compra|cobrança",
		"abbuchung stornieren", "annuler le prélèvement",
	}}})
	// A rental deposit sent by cash transfer, or to an owner abroad who
	// will post the keys, is the rental scam.
	intentRentalDeposit = compile([]term{{Rule: "intent.rental_deposit", Weight: 1, Phrases: []string{
		// Money to hold a booking ("pour garantir la réservation",
		// "para bloquearla necesito una fianza").
		"pour garantir|bloquer la réservation", "para bloquear|garantizar la reserva", "to secure|hold the booking", "para garantir a reserva",
		"um die buchung zu sichern",
		"security|rental deposit", "first month s rent", "deposit the first month", "depósito de un mes", "one month s deposit", "depósito de um mês", "deposita el primer mes", "deposite o primeiro mês", "fianza", "apartado de #", "de apartado", "el apartado", "treuhand|treuhandservice|escrow", "señal de reserva", "mes de adelanto", "caução", "aluguel adiantado",
		"kaution|mietkaution|anzahlung", "caution|acompte", "dépôt de garantie",
		"el primer mes y el depósito", "primer mes y depósito", "me depositas", "depositas|deposites|deposita el primer mes", "o primeiro mês e o depósito|caução",
		"first month and the|a deposit", "send the deposit", "deposit and first month", "meses de anticipo", "mes de anticipo",
		"den ersten monat und die kaution", "le premier mois et la caution", "le premier mois et le dépôt",
	}}})
	// intentOffPlatform tells the recipient not to book through the site
	// that listed the rental ("No reserves por la web, que cobran
	// comisión"): the deposit then has no protection.
	intentOffPlatform = compile([]term{{Rule: "intent.off_platform", Weight: 1, Phrases: []string{
		"no reserves|reserve por|en la web|plataforma|app|pagina", "don t|do not book through|on|via the site|website|platform|app",
		"não reserve pelo|pela|no|na site|plataforma|app", "nicht über die plattform|website|app buchen", "buchen sie nicht über",
		"ne réservez pas sur|via|par le site|la plateforme|l appli", "sin pasar por la web|plataforma", "outside the platform|app",
	}}})
	intentAbsentOwner = compile([]term{{Rule: "intent.absent_owner", Weight: 1, Phrases: []string{
		// "Je suis actuellement à l'étranger... les clés vous seront
		// envoyées par la poste."
		"je suis actuellement à l étranger", "clés vous seront envoyées|remises par la poste|coursier", "llaves se las enviaré|enviaremos", "te enviaré|enviaremos las llaves",
		"working|living|work|live|stuck abroad|overseas", "keys by post|mail|courier", "send|post you the keys",
		"working offshore", "keys couriered", "can t do viewings", "no puedo mostrarlo|mostrarla|enseñarlo|enseñarla",
		"estoy fuera de la ciudad", "estoy fuera del país", "está fuera del país", "no hay visitas previas", "no viewings", "sem visitas", "keine besichtigung", "pas de visite", "i m out of the country", "i m out of town", "estou fora do país", "bin im ausland", "je suis à l étranger",
		"te envío las llaves", "envío las llaves por paquetería", "trabajando|viviendo|trabajo|vivo en el extranjero", "trabajando|viviendo|trabajo|vivo fuera del país", "las llaves por mensajería|correo|paquetería",
		"mando|envío las llaves", "trabalhando|morando|trabalho|moro no exterior|fora", "as chaves pelo correio|sedex",
		"arbeite|lebe im ausland", "schlüssel per post|kurier", "schlüssel kommen per post", "travaille|vis à l étranger", "les clés par la poste", "les clés par coursier|colis",
	}}})
	// Slots of rules-2026.11.8's further intents: donations to a personal
	// payment handle, cash to a visitor, a private resale paid by transfer
	// only, a QR code scanned to "verify", a fake authority collecting
	// valuables, a money mule's job, a transaction approved in the app at
	// an adviser's request, keeping part of a payment and sending the rest.
	intentP2PHandle = compile([]term{{Rule: "intent.p2p_handle", Weight: 1, Phrases: []string{
		"cashapp|venmo|zelle", "cash app", "paypal friends", "friends and family", "friends family", "chave pix", "pix key",
		"a nombre de mi", "deposita a la tarjeta", "sur le compte de", "auf das konto von", "na conta de", "to the account of",
		"personal account", "cuenta personal", "conta pessoal", "compte personnel", "privatkonto", "via|por|pelo bizum|pix|mbway|lydia|nequi|yape",
		"forward|share|send this to # friends|contacts|people", "reenvía|reenvia|comparte|compártelo a # amigos|contactos",
		"compartilhe|encaminhe com|para # amigos|contatos", "an # freunde|kontakte", "à # amis|contacts",
	}}})
	intentDonation = compile([]term{{Rule: "intent.donation", Weight: 1, Phrases: []string{
		"donate|donation|donations|victims", "send what you can", "give what you can", "emergency|disaster|flood|winter appeal", "every dollar|penny|cent", "dona|donación|donativo|víctimas|damnificados",
		"doe|doação|doações|vítimas|desabrigados", "spende|spenden|opfer|betroffenen", "dons|victimes|sinistrés", "faites un don", "votre|ton|un don", "your donation", "tu|su donativo|donación", "sua doação", "ihre|deine spende",
	}}})
	intentCashToVisitor = compile([]term{{Rule: "intent.cash_to_visitor", Weight: 1, Phrases: []string{
		"in cash for|to the technician|officer|agent|courier|driver", "ready in cash", "cash on the spot", "en efectivo en el momento",
		"cobrará # ¤ en efectivo", "em dinheiro na hora", "bar vor ort", "en espèces sur place", "cash ready", "pay the technician|officer in cash",
		"en efectivo al técnico|agente|repartidor|funcionario", "en efectivo para el técnico|agente|repartidor", "efectivo preparado",
		"em dinheiro para|ao técnico|agente|entregador", "em dinheiro para o técnico|agente|entregador",
		"dinheiro em mãos", "bar an den|dem techniker|beamten|boten|mitarbeiter", "bargeld bereithalten|bereit",
		"en espèces au technicien|agent|livreur", "en espèces pour le technicien|agent|livreur",
		// Or paid into the visitor's own account ("transfiriendo a la
		// cuenta del técnico").
		"a la cuenta del técnico|agente|gestor|operador", "na conta do técnico|agente", "auf das konto des technikers|mitarbeiters",
		"sur le compte du technicien|de l agent", "to|into the technician|engineer|agent s account",
	}}})
	intentCutOff = compile([]term{{Rule: "intent.cut_off", Weight: 1, Phrases: []string{
		"disconnected|disconnection", "cut|shut off", "desconectado|desconexión|cortaremos", "corte del servicio", "corte de suministro", "desligado|desligamento|corte",
		"abgeschaltet|abschaltung|gesperrt|sperrung", "coupé|coupure|suspendu",
	}}})
	intentPrivateResale = compile([]term{{Rule: "intent.private_resale", Weight: 1, Phrases: []string{
		"spare ticket|tickets", "sold out", "can t go", "can t make it", "i can t use", "can t use them", "entradas agotadas", "no puedo ir", "me sobran # entradas",
		"i have # spare|extra tickets", "me quedan # entradas|boletos", "tenho # ingressos", "sobraram # ingressos", "ich habe noch # tickets|karten",
		"il me reste # places|billets", "je revends # places|billets",
		"ingressos esgotados", "não posso ir", "não vou mais", "ausverkauft", "kann nicht hin", "complet", "je ne peux plus y aller",
	}}})
	intentTransferOnly = compile([]term{{Rule: "intent.transfer_only", Weight: 1, Phrases: []string{
		"bank transfer only", "transfer only", "paypal friends", "friends and family", "send by zelle|venmo|cashapp", "solo transferencia|bizum", "só pix|transferência", "nur überweisung",
		"nur per überweisung", "virement uniquement|seulement", "will send the e tickets", "send the tickets after", "straight after payment",
		"te mando las entradas", "envío las entradas después",
	}}})
	intentQR = compile([]term{{Rule: "intent.qr", Weight: 1, Phrases: []string{
		"scan|scanning the|this|our|attached qr", "escanea|escanee|escaneando|escanear el código qr", "escaneie|escanear o qr", "escaneie|escanear o código qr",
		"scannen sie den qr", "qr code scannen", "per|via|por|par qr code", "por|via código qr", "par code qr", "pay by qr", "scannez|scanner le qr", "scannez|scanner le code qr",
	}}})
	intentVerify = compile([]term{{Rule: "intent.verify", Weight: 1, Phrases: []string{
		"verify|confirm your identity|card|account", "confirm|confirming a payment of", "verificar|verifica|confirma|confirmar tu|su identidad|tarjeta|cuenta",
		"confirmando un pago", "verificar|confirme|confirmar sua identidade|cartão|conta", "identität|karte|konto bestätigen|verifizieren",
		"vérifier|vérifiez|confirmer|confirmez votre identité|carte|compte",
	}}})
	intentAuthority = compile([]term{{Rule: "intent.authority", Weight: 1, Phrases: []string{
		"police|officer|officers|detective", "kriminalpolizei|kripo|kommissar|kommissarin", "policía|agente|agentes|guardia civil", "polícia|policial|agente|delegado",
		"polizei|polizeipräsidium|beamter|beamte|kriminalpolizei", "police|gendarmerie|gendarme|policier|brigade",
	}}})
	// intentTaxOffice is a tax or state office named as the sender: it
	// takes payment by its own forms (a DARF, a boleto, a reference),
	// never to a key or an account a message gives.
	intentTaxOffice = compile([]term{{Rule: "intent.tax_office", Weight: 1, Phrases: []string{
		"receita federal", "hmrc", "irs", "internal revenue service", "agencia tributaria", "hacienda", "servicio de administración tributaria",
		"finanzamt", "bundeszentralamt für steuern", "prefeitura", "iptu", "ipva", "direction générale des finances publiques", "dgfip", "impots gouv", "trésor public",
	}}})
	intentValuables = compile([]term{{Rule: "intent.valuables", Weight: 1, Phrases: []string{
		"collect|safekeeping your|the valuables|jewellery|jewelry|cash|savings", "pick up your|the valuables|jewellery|jewelry|cash|savings",
		"valuables", "hand over your cash|savings", "übergeben sie ihr bargeld|geld", "ihr bargeld unserem", "entregue|entregar su|tu dinero|efectivo",
		"entregue seu dinheiro", "remettez vos espèces|votre argent", "recoger|custodiar sus|tus joyas|ahorros", "objetos de valor", "buscar|recolher|guardar suas|seus joias|economias",
		"wertsachen|schmuck|ersparnisse abholen|verwahrung", "wertsachen", "bargeld und schmuck", "sicheren|sichere verwahrung", "récupérer vos bijoux|économies", "objets de valeur",
		"mettre en sécurité vos bijoux|économies",
	}}})
	intentMule = compile([]term{{Rule: "intent.mule", Weight: 1, Phrases: []string{
		"receive|receiving payments|transfers|money into|to|on your own|personal|private account",
		"recibir|recibe transferencias|pagos|dinero en tu|su cuenta personal|propia", "receber transferências|pagamentos|dinheiro na|em sua conta pessoal|própria",
		"überweisungen|zahlungen|geld auf ihr|dein privatkonto", "auf ihr|dein eigenes konto", "empfangen überweisungen", "recevoir des virements|paiements sur votre compte personnel",
		"money mule", "financial agent", "neues etikett", "neue etiketten", "relabel|reship|reshipping", "reetiquetar", "réétiqueter", "finanzagent|finanzagentin", "agente financiero|financeiro", "agent financier", "payment processing agent",
	}}})
	intentForwardOn = compile([]term{{Rule: "intent.forward_on", Weight: 1, Phrases: []string{
		"forward|transfer|send them|it on", "pass them|it on", "reenviar|transferir|enviar el dinero|los pagos", "repassar|transferir o dinheiro|os valores",
		"weiterleiten|weiterleitet", "leiten sie weiter", "# ¤ pro|per|por|par paket|package|parcel|paquete|pacote|colis",
		"geben sie am nächsten tag wieder ab", "leiten sie sie weiter", "per bargeldtransfer", "transférer|reverser les fonds|l argent", "# % commission|comisión|comissão|provision",
	}}})
	intentApproveInApp = compile([]term{{Rule: "intent.approve_in_app", Weight: 1, Phrases: []string{
		"approve|validate|confirm the|a|this reverse|cancellation|operation|transaction in your app", "approve|validate|confirm it in your app",
		"valida|aprueba|confirma la operación|transacción inversa en tu app", "valida|aprueba|confirma la operación|transacción en tu app", "aprove|valide|confirme a operação|transação no seu app|aplicativo",
		"bestätigen|freigeben sie die _ in ihrer app", "in ihrer app bestätigen|freigeben", "validez l opération", "validez la transaction inverse",
		"validez l opération inverse", "validez la|le dans votre appli|application", "le|la valider dans votre appli|application", "valide a|o no app|aplicativo",
		"confírmala|apruébala en tu app", "approve|confirm it in your app",
	}}})
	intentAdviser = compile([]term{{Rule: "intent.adviser", Weight: 1, Phrases: []string{
		"our|the adviser|advisor|agent|representative will ask|asks", "when our|the adviser|advisor|agent asks", "asesor|gestor|agente te lo pida|indique",
		"gerente|atendente|consultor pedir|solicitar", "berater|mitarbeiter sie dazu auffordert|auffordern", "conseiller vous le demandera|demande",
		"notre conseiller", "quand nous vous le demanderons", "quand il vous le demandera", "votre conseiller va vous appeler", "when we ask you", "cuando te lo pidamos", "quando pedirmos",
		"wenn wir sie darum bitten", "par téléphone", "by phone", "por teléfono|telefone", "am telefon",
	}}})
	intentKeepRest = compile([]term{{Rule: "intent.keep_rest", Weight: 1, Phrases: []string{
		"keep # ¤ and send|wire|transfer|return the rest|remainder|balance", "keep ¤ # and send|wire|transfer|return the rest|remainder|balance",
		"keep # and send|wire|transfer|return the rest|remainder|balance",
		"quédate|quédese con # ¤ y envía|devuelve|transfiere el resto", "quédate|quédese con ¤ # y envía|devuelve|transfiere el resto",
		"fique com # ¤ e devolva|transfira|envie o resto", "fique com _ ¤ # e devolva|transfira|envie o resto", "fique com ¤ # e devolva|transfira|envie o resto",
		"behalten sie # ¤ und überweisen|senden sie den rest", "gardez # ¤ et reversez|renvoyez|virez le reste",
	}}})
	// Slots of rules-2026.11.10's intents: a job that needs a first top-up,
	// a busy boss's errand for store cards, a parcel held for a fee, a card
	// renewed for a fee, rent or invoices to a new account, savings moved
	// to a "holding" account, a charge to disown with a call promised, and
	// training credits about to be lost.
	// intentPyramid is a gifting circle, a pyramid by its own words.
	intentPyramid = compile([]term{{Rule: "intent.pyramid", Weight: 1, Phrases: []string{
		"gifting circle|community|club|tree", "into the flower", "petals", "move to the center|centre", "flor de la abundancia",
		"pétalos", "ciranda", "mandala da prosperidade", "pétalas", "herzkreis", "cercle du don", "cercle d abondance",
		// Recruits who pay the recipient: a pyramid by its mechanics.
		"que te pagan a ti", "que te paguen a ti", "who pay you", "friends who pay you", "que te pagam", "que pagam a você",
		"die dir zahlen", "die dich bezahlen", "qui te paient", "qui vous paient", "activar tu cupo", "activa tu cupo",
	}}})
	// intentPensionRelease is a pension "unlocked" early, tax free: the
	// pension-liberation scam regulators warn of (before the legal age
	// a pension can only be drawn at a punitive tax charge).
	intentPensionRelease = compile([]term{{Rule: "intent.pension_release", Weight: 1, Phrases: []string{
		"unlock|release your pension early", "unlock|release your pension pot", "unlock your pension", "early pension release",
		"pension unlocking|liberation", "release cash from your pension", "release up to # % of your pension|pot",
	}}})
	// intentOverpaid and intentSendBack: a payment said to be too large
	// with the difference to send back.
	intentOverpaid = compile([]term{{Rule: "intent.overpaid", Weight: 1, Phrases: []string{
		"instead of", "sent too much", "overpaid|overpayment", "paid too much", "en lugar de", "en vez de", "pagué de más",
		"a mais", "em vez de", "paguei a mais", "statt", "zu viel", "au lieu de", "trop payé",
	}}})
	intentSendBack = compile([]term{{Rule: "intent.send_back", Weight: 1, Phrases: []string{
		"transfer|send|pay|return the _ difference", "transfer|send|pay|return the difference", "difference back",
		"devuélveme|devuelve|transfiere la diferencia", "devolve|devolva|transfira a diferença", "überweisen sie|überweise die differenz",
		"renvoyez|reversez|virez la différence",
	}}})
	// intentAcceptInApp is a payment request to accept in a payment app,
	// said to be money coming in (the Bizum request-money trick).
	intentAcceptInApp = compile([]term{{Rule: "intent.accept_in_app", Weight: 1, Phrases: []string{
		"accept it in your app", "aceptarlo|acéptalo en tu app", "aceptar el pago en tu app", "aceitar|aceite no app",
		"in der app annehmen|bestätigen", "accepter dans votre appli|application", "solo tienes que aceptarlo",
	}}})
	// A guaranteed winning bid at an auction for a deposit, and a
	// guaranteed rate with few places left.
	intentRigged = compile([]term{{Rule: "intent.rigged", Weight: 1, Phrases: []string{
		"winning bid guaranteed", "guaranteed winning bid", "lance vencedor garantido", "puja ganadora garantizada",
		"zuschlag garantiert", "enchère gagnante garantie",
	}}})
	intentFewPlaces = compile([]term{{Rule: "intent.few_places", Weight: 1, Phrases: []string{
		"only # places|spots left", "plus que # places", "solo quedan # plazas", "últimas # vagas", "nur noch # plätze",
		"plätze begrenzt|limitiert", "begrenzte plätze", "places limitées", "plazas limitadas", "vagas limitadas", "limited spots|places",
		"reserved|limited to # savers|investors|members", "réservée|réservé|limitée|limité à # épargnants|investisseurs|souscripteurs",
		"reservada|reservado|limitada|limitado a # ahorradores|inversores|inversionistas|investidores|poupadores", "nur für # anleger|sparer|investoren",
	}}})
	intentTopUp = compile([]term{{Rule: "intent.top_up", Weight: 1, Phrases: []string{
		"first top up|deposit|recharge", "activation deposit", "activate your account with", "primera recarga", "recarga inicial",
		"depósito de activación", "primeira recarga", "ativar sua conta", "erste aufladung|einzahlung", "première recharge",
		"dépôt d activation",
	}}})
	intentBusy = compile([]term{{Rule: "intent.busy", Weight: 1, Phrases: []string{
		"in a meeting", "back to back meetings", "can t talk", "can t take calls", "en una reunión", "no puedo hablar",
		"em reunião", "não posso falar", "im meeting", "kann nicht telefonieren|sprechen", "en réunion", "je ne peux pas parler",
	}}})
	intentReimburse = compile([]term{{Rule: "intent.reimburse", Weight: 1, Phrases: []string{
		"i ll reimburse you", "i will reimburse you", "te lo reembolso", "te reembolso", "eu te reembolso", "ich erstatte dir|ihnen",
		"je vous rembourserai", "je te rembourserai", "store card|cards",
	}}})
	intentHeld = compile([]term{{Rule: "intent.held", Weight: 1, Phrases: []string{
		"volta ao remetente", "return to sender", "vuelve al remitente", "zurück an den absender", "retourné à l expéditeur",
		"zustellung fehlgeschlagen", "delivery failed", "entrega fallida", "falha na entrega", "échec de livraison",
		"could not be delivered", "held at customs", "undelivered", "festgehalten|zurückgehalten", "geht zurück", "zurückgeschickt",
		"retenido|retenida en aduana", "no pudo ser entregado", "retido|retida na alfândega", "não pôde ser entregue",
		"bloqué|bloquée|retenu|retenue en douane", "n a pas pu être livré",
	}}})
	intentCardRenewal = compile([]term{{Rule: "intent.card_renewal", Weight: 1, Phrases: []string{
		"card must be renewed", "renew your card", "carte doit être renouvelée", "renouveler votre carte", "renovar su|tu tarjeta",
		"tarjeta debe renovarse", "renovar seu cartão", "cartão precisa ser renovado", "karte erneuern", "karte muss erneuert werden",
	}}})
	intentNewAccount = compile([]term{{Rule: "intent.new_account", Weight: 1, Phrases: []string{
		"new account|bank|details", "changed banks|bank", "nueva cuenta", "nova conta", "neue bankverbindung|kontoverbindung|konto",
		"nouveau rib|compte", "umstellung unserer bank", "folgendes konto", "the following account", "la siguiente cuenta",
		"a seguinte conta", "le compte suivant", "nouvelle banque",
	}}})
	intentDue = compile([]term{{Rule: "intent.due", Weight: 1, Phrases: []string{
		"rent|invoice|invoices", "alquiler|renta|factura|facturas", "aluguel|fatura|faturas", "miete|rechnung|rechnungen", "loyer|facture|factures",
	}}})
	intentSafeAccount = compile([]term{{Rule: "intent.safe_account", Weight: 1, Phrases: []string{
		"safe|secure|holding|safety account", "cuenta segura", "conta segura", "sicheres konto", "compte sécurisé",
		"clabe segura", "cuenta|clabe de resguardo", "conta de segurança|proteção",
	}}})
	intentMoveMoney = compile([]term{{Rule: "intent.move_money", Weight: 1, Phrases: []string{
		"move|transfer your balance|savings|money|funds", "mueve|transfiere tu|su saldo|dinero|ahorros", "mova|transfira seu|sua saldo|dinheiro",
		"überweisen sie ihr guthaben|geld", "transférez|déplacez votre solde|épargne|argent",
	}}})
	intentDisown = compile([]term{{Rule: "intent.disown", Weight: 1, Phrases: []string{
		"if you don t recognise|recognize", "se não reconhece|reconhecer", "não reconhece", "no reconoce|reconoces", "don t recognise|recognize",
		"nicht erkannt", "nicht beauftragt", "pas reconnu", "si no reconoces|reconoce", "wenn sie diese zahlung nicht",
		"si vous ne reconnaissez pas",
	}}})
	intentWillCall = compile([]term{{Rule: "intent.will_call", Weight: 1, Phrases: []string{
		"will call you", "vai ligar para você", "vai te ligar", "te llamará|llamaremos", "le llamará|llamaremos", "ruft sie an",
		"vous rappellera|appellera", "vous rappelle",
	}}})
	intentCallNow = compile([]term{{Rule: "intent.call_now", Weight: 1, Phrases: []string{
		"ligue agora|já para {{}}", "ligue para {{}}", "call now on|at {{}}", "call {{}} now", "llame ahora al {{}}", "llama ya al {{}}",
		"rufen sie jetzt {{}} an", "rufen sie sofort {{}} an", "appelez maintenant le {{}}", "appelez le {{}}",
	}}})
	intentHoursDeadline = compile([]term{{Rule: "intent.hours_deadline", Weight: 1, Phrases: []string{
		"within|in # hours|h", "innerhalb von # stunden|h", "en # horas", "em # horas", "sous|dans les # heures|h",
	}}})
	intentMentor = compile([]term{{Rule: "intent.referral", Weight: 1, Phrases: []string{
		"mentor|mentora|mentorin", "te indicou", "me indicou", "showed me", "me mostró", "hat mir gezeigt", "m a montré", "use my invite",
		"usa mi invitación", "use meu convite", "mein einladungslink",
	}}})
	intentInitialDeposit = compile([]term{{Rule: "intent.initial_deposit", Weight: 1, Phrases: []string{
		"deposit # to unlock|activate|start", "initial deposit", "depósito inicial", "depósito mínimo", "erste einzahlung", "dépôt initial",
		"deposita|deposite # para",
	}}})
	intentTrainingCredit = compile([]term{{Rule: "intent.training_credit", Weight: 1, Phrases: []string{
		"compte formation", "cpf", "droits à la formation",
	}}})
	intentExpiry = compile([]term{{Rule: "intent.expiry", Weight: 1, Phrases: []string{
		"seront perdus|perdues", "perdus le", "vont expirer", "expirent", "expireront", "expirera", "pour ne pas les perdre",
	}}})
	// intentSecretReady is a secret to have at hand for a call: with a
	// blocked card or account it is the vishing script ("comuníquese con
	// un ejecutivo y tenga a la mano su NIP y su token").
	intentSecretReady = compile([]term{{Rule: "intent.secret_ready", Weight: 1, Phrases: []string{
		"have your pin|code|password|token ready|handy", "tenga|ten a la mano su|tu nip|token|contraseña|clave",
		"tenga|ten listo|lista su|tu nip|token|contraseña|clave", "tenha em mãos sua|seu senha|token|código",
		"halten sie ihre pin|tan|passwort bereit", "munissez vous de votre code|mot de passe",
	}}})
	// intentPayToKey is a payment to a key or account the message gives.
	intentPayToKey = compile([]term{{Rule: "intent.pay_to_key", Weight: 1, Phrases: []string{
		"para a chave", "chave pix", "pix key", "na chave", "chave cpf|cnpj", "pix na chave", "pix copia e cola", "copia e cola", "to the account {{}}", "to this account", "a la cuenta {{}}", "a esta cuenta",
		"auf das konto {{}}", "sur le compte {{}}",
	}}})
	// intentBarcode is a bill's barcode: with a discount for paying it
	// now, the fake second copy of a bill.
	intentBarcode = compile([]term{{Rule: "intent.barcode", Weight: 1, Phrases: []string{
		"código de barras", "linha digitável",
	}}})
	// intentPersonalKey is a person's own tax id as the Pix key a bill is
	// paid to: a company is paid to its own key, not to an individual's.
	intentPersonalKey = compile([]term{{Rule: "intent.personal_key", Weight: 1, Phrases: []string{
		"chave cpf", "chave pix cpf", "chave do cpf", "cpf key", "pix key cpf",
	}}})
	// intentEnforcement and intentPayNow: a payment demanded in hours
	// under a threat of bailiffs or a seizure, the fake collector's notice.
	intentEnforcement = compile([]term{{Rule: "intent.enforcement", Weight: 1, Phrases: []string{
		"enforcement|bailiff|bailiffs|seizure|repossession", "vollstreckung|zwangsvollstreckung|pfändung|gerichtsvollzieher|inkasso",
		"embargo|embargar|cobranza judicial", "penhora|execução judicial|oficial de justiça", "huissier|saisie|recouvrement forcé",
	}}})
	intentPayNow = compile([]term{{Rule: "intent.pay_now", Weight: 1, Phrases: []string{
		"pay|settle", "zahlen|begleichen|überweisen sie", "paga|pague|abona|liquida", "pague|quite", "payez|réglez|régler",
		"must be paid|settled", "debe ser pagado|pagada|liquidado|liquidada", "deve ser pago|paga|quitado|quitada",
		"muss bezahlt|beglichen werden", "doit être payé|payée|réglé|réglée",
	}}})
	// intentEnforcementDeadline is the enforcement threat's deadline: hours, not
	// the days a real enforcement notice gives ("contact our office within
	// 7 days to pay or agree an arrangement").
	intentEnforcementDeadline = compile([]term{{Rule: "intent.enforcement_deadline", Weight: 1, Phrases: []string{
		"within # hours|hrs|h|minutes|mins", "in the next # hours|minutes", "today|tonight|immediately|urgently",
		"dentro de|en # horas|minutos", "en las próximas|proximas # horas|minutos", "hoy|inmediatamente|urgente",
		"em até # horas|minutos", "nas próximas # horas|minutos", "hoje|imediatamente",
		"innerhalb von # stunden|minuten", "heute|sofort|umgehend", "sous # heures|h", "dans les # heures",
		"aujourd hui", "immédiatement|ce soir",
	}}})
	// intentAsk are asking verbs the request lists lack: gerunds ("en
	// indiquant votre numéro").
	intentAsk = compile([]term{{Rule: "intent.ask", Weight: 1, Phrases: []string{
		"indicating|providing|sending|stating", "indicando|proporcionando|enviando|facilitando",
		"poner|pon|pones|introducir|introduce|ingresar|ingresa|meter",
		"confirm|confirma|confirme|confirmez|bestätigen|bestätige", "informando|fornecendo|enviando",
		"unter angabe", "angeben|nennen|mitteilen", "indiquant|communiquant|fournissant|envoyant|précisant",
		// Signing up with one's identity or card to receive a benefit.
		"regístrate|registrate|regístrese|registrese|cadastre|cadastra|register|registriere|registrieren|inscrivez|inscris",
		// Details "updated" to receive a benefit are details handed over
		// ("pour recevoir ce remboursement, mettez à jour vos coordonnées
		// bancaires"); in the business's own app or account they are not
		// (inOwnChannel).
		"update|updating", "actualiza|actualice|actualizar|actualizando", "atualize|atualiza|atualizar|atualizando",
		"aktualisieren|aktualisiere", "mettre|mettez|mets|mettant à jour",
	}}})
	// intentDebtDiscount is a debt or an overdue bill offered at a
	// discount for paying now: the lure of fake bill and debt notices.
	intentDebtDiscount = compile([]term{{Rule: "intent.debt_discount", Weight: 1, Phrases: []string{
		"bill|invoice|debt|balance|boleto|fatura|factura|recibo|deuda|dívida|rechnung|schulden|facture|dette with|com|con|mit|avec # % discount|desconto|descuento|rabatt|remise",
		"bill|invoice|debt|balance|boleto|fatura|factura|recibo|deuda|dívida|rechnung|schulden|facture|dette _ with|com|con|mit|avec # % discount|desconto|descuento|rabatt|remise",
		"# % off your|the bill|debt|balance", "# % de desconto|descuento|remise no|na|en|sur",
		"# % de desconto|descuento para|si pagamento|pago|pagar|pagas|paga hoje|hoy|ate|hasta",
		// Debts settled for a fraction, and a bill cheaper if paid today.
		"quitadas|quitar|liquidar|saldar com|con até|hasta # % de desconto|descuento",
		"segunda via com desconto", "acordo de quitação", "quitação com desconto",
		"com|con desconto|descuento de # % para|por pagamento|pago hoje|hoy", "desconto|descuento de # % para|por pagamento|pago hoje|hoy", "pagando com desconto", "com desconto ainda hoje", "dívidas|deudas com|con até|hasta # % de desconto|descuento",
		"debts|debt with|for up to # % off", "schulden mit bis zu # % rabatt", "dettes avec jusqu à # % de remise",
		"has # % discount if paid today", "tem # % de desconto se pagar hoje", "tiene # % de descuento si pagas|paga hoy",
		"tem # % de desconto se for paga|pago hoje", "tiene # % de descuento si se paga hoy",
	}}})
	// intentBuyerVoice is a private buyer writing in the first person: a
	// marketplace's own notice of a sale speaks as the platform.
	intentBuyerVoice = compile([]term{{Rule: "intent.buyer_voice", Weight: 1, Phrases: []string{
		"i m|am interested", "i ve|have paid|bought", "i already paid", "i ll buy", "je suis intéressé|intéressée",
		"j ai déjà réglé|payé", "j ai réglé|payé", "estoy interesado|interesada", "ya te pagué|deposité|transferí", "ya pagué",
		"estou interessado|interessada", "já paguei|transferi|depositei", "ich bin interessiert", "ich habe bezahlt|überwiesen",
		"ich habe schon|bereits bezahlt|überwiesen", "ich kaufe", "te compro", "eu compro", "je vous achète", "soy el comprador", "sou o comprador", "i m the buyer",
		"je suis l acheteur|acheteuse", "ya lo he pagado", "ich habe schon über",
	}}})
	// intentSecret are the secrets no one may ask for under a deadline; an
	// identity document asked for in time is also a bank's own KYC
	// reminder, so it is left to the combinations with a benefit.
	intentSecret = compile([]term{{Rule: "intent.secret", Weight: 1, Phrases: []string{
		"password", "pin", "cvv", "cvc", "card number", "card details", "bank details", "banking details", "login details",
		"security code", "social security number", "credentials", "contraseña", "clave", "número de tarjeta", "datos bancarios",
		"credenciales", "código de seguridad", "número de seguridad social", "senha", "número do cartão", "dados bancários",
		"credenciais", "código de segurança", "passwort", "kennwort", "kartennummer", "bankdaten", "kontodaten", "zugangsdaten",
		"sicherheitscode", "sozialversicherungsnummer", "mot de passe", "numéro de carte", "coordonnées bancaires",
		"code confidentiel", "identifiants", "numéro de sécurité sociale", "cryptogramme",
	}}})
	// intentBankingLogin is the login of the recipient's online banking.
	intentBankingLogin = compile([]term{{Rule: "intent.banking_login", Weight: 1, Phrases: []string{
		"online|internet|mobile banking password|passcode|login|credentials|username", "password for|of your online|internet banking",
		"contraseña|clave|usuario de banca en línea", "contraseña|clave|usuario de la banca en línea",
		"contraseña|clave|usuario de banca móvil|electrónica", "contraseña|clave|usuario de la banca móvil|electrónica",
		"contraseña|clave de tu|su banca", "senha do|da|de internet banking", "senha do|da seu|sua banco|conta",
		"senha do app|aplicativo do banco",
		"online banking passwort|pin|zugangsdaten", "onlinebanking passwort|pin|zugangsdaten", "passwort|pin|zugangsdaten für das|ihr onlinebanking",
		"passwort|pin|zugangsdaten für das|ihr online banking",
		"mot de passe de votre banque en ligne", "identifiants de votre banque en ligne", "mot de passe|identifiants bancaires",
		"code d accès bancaire",
	}}})
	intentSendMe = compile([]term{{Rule: "intent.send_me", Weight: 1, Phrases: []string{
		"send me|us", "envoie|envoyez moi", "envíame|mándame|mandame|enviame", "me envía|envia|manda|mande", "schick|schicke|sende mir",
		"schicken sie mir", "transfer me", "wire me", "kannst du mir helfen", "can you help me pay", "help me pay", "ayudarme a pagar", "me ajudar a pagar",
		"m aider à payer", "send it|them to me", "envoie|envoyez les|la|le", "envíamelos|envíalos|mándalos|mándamelos",
		"manda|envia eles|elas", "schick|schicke es|sie",
		// Money the writer says they need, with its amount.
		"i need # ¤", "i need ¤ #", "j ai besoin de # ¤", "j ai besoin de ¤ #", "necesito # ¤", "necesito ¤ #",
		"preciso de # ¤", "preciso de ¤ #", "ich brauche # ¤", "ich brauche ¤ #",
	}}})
)

// A courier or an agent sent to the recipient's home to collect a card is
// the fake bank's script ("um motoboy irá até sua casa recolher o cartão
// clonado"): a bank delivers cards, it does not fetch them.
var (
	intentCardPickup = compile([]term{{Rule: "intent.card_pickup", Weight: 1, Phrases: []string{
		"collect|pick up|fetch your|the card|cards", "recolher|buscar|pegar o|seu|sua|os|seus cartão|cartões", "recoger|buscar su|tu|la|las tarjeta|tarjetas",
		"ihre|deine|die karte|karten abholen", "karte|karten abholen", "récupérer votre|ta|la carte|cartes", "venir chercher votre|ta carte",
	}}})
	intentHomeVisit = compile([]term{{Rule: "intent.home_visit", Weight: 1, Phrases: []string{
		"courier|messenger|motoboy|motorista|portador|mensajero|kurier|bote|coursier", "to your home|house|door", "até sua casa|residência", "até a sua casa|residência",
		"a tu|su casa|domicilio", "zu ihnen|dir nach hause", "bei ihnen|dir vorbei", "chez vous|toi", "à votre domicile",
	}}})
)

// Money put in with a bigger sum promised back within hours or days is
// the money-doubling scheme ("Invista R$ 200 hoje e receba R$ 2.000 em 24
// horas"), whatever it claims to trade.
var (
	intentPutMoneyIn = compile([]term{{Rule: "intent.put_in", Weight: 1, Phrases: []string{
		"invest|put in|deposit|send ¤ #", "invest|put in|deposit|send # ¤", "invista|deposite|aplique|coloque|mande r ¤ #", "invista|deposite|aplique|coloque|mande ¤ #",
		"invierte|inviertes|deposita|depositas|mete|metes|manda ¤ #", "invierte|inviertes|deposita|depositas|mete|metes|manda # ¤",
		"investiere|zahle # ¤", "investieren|zahlen sie # ¤", "investissez|investis|déposez|deposez|versez # ¤",
	}}})
	intentSumBack = compile([]term{{Rule: "intent.sum_back", Weight: 1, Phrases: []string{
		"receive|get|receba|recebe|recibe|recibes|recibirás|erhalte|erhältst|erhalten sie|bekommst|recevez|recevrez|touchez ¤ #",
		"receive|get|receba|recebe|recibe|recibes|recibirás|erhalte|erhältst|erhalten sie|bekommst|recevez|recevrez|touchez # ¤",
		"receba|recebe r ¤ #",
	}}})
	intentWithinHours = compile([]term{{Rule: "intent.within_hours", Weight: 1, Phrases: []string{
		"in|within|em|en|innerhalb|dans|sous # hours|horas|stunden|heures|h|minutes|minutos|minuten", "em|en|in|dans # dias|días|tagen|jours|days",
	}}})
)

// companyKey names a payment key registered to a company: Brazil's CNPJ.
var companyKey = compile([]term{{Rule: "intent.company_key", Weight: 1, Phrases: []string{"cnpj"}}})

// A payment asked for as "friends and family" waives the buyer's
// protection: a seller who asks it of a stranger is the ticket and
// marketplace scam, whatever is sold.
var intentFriendsFamily = compile([]term{{Rule: "intent.friends_family", Weight: 1, Phrases: []string{
	"as|via|using|through friends and family", "not goods and services", "paypal amigos y familiares", "como amigos y familiares",
	"paypal amigos e familiares", "como amigos e familiares", "als freunde und familie", "paypal freunde und familie",
	"paypal entre proches", "envoi entre proches", "option entre proches",
}}})

// intentScam finds a scam by its intent, as the comment on the slots
// says, and returns its signal, naming every slot that made it.
func intentScam(d *doc, lang string) []Signal {
	slot := func(lx *lexicon, negatable bool) (string, bool) { return firstIntentHit(lx, d, lang, negatable) }
	if sigs := intentWithoutBenefit(d, lang); len(sigs) > 0 {
		return sigs
	}
	benefit, ok := firstIntentHit(intentBenefit, d, lang, false)
	if !ok {
		return nil
	}
	describe := func(what string, parts ...string) []Signal {
		return []Signal{{Rule: "scam.intent", Weight: 1, Detail: fmt.Sprintf("%s: benefit %s; %s", what, benefit, strings.Join(parts, "; "))}}
	}
	if fee, ok := slot(intentFee, true); ok {
		return describe("a benefit with a fee to pay", "fee "+fee)
	}
	if data, ok := askedData(d, lang, intentData); ok {
		return describe("a benefit with secrets or identity asked for", "data "+data)
	}
	if quiz, ok := slot(intentQuiz, false); ok {
		return describe("a benefit for answering a quiz", "quiz "+quiz)
	}
	if sel, ok := slot(intentSelected, true); ok {
		if urg, ok := slot(intentUrgency, false); ok {
			return describe("a benefit to a recipient singled out, pressed by a deadline", "selected "+sel, "urgency "+urg)
		}
		if con, ok := slot(intentContact, false); ok {
			return describe("a benefit to a recipient singled out, sent off the channel", "selected "+sel, "contact "+con)
		}
	}
	return nil
}

// firstIntentHit returns the first hit of a slot in the texts and example
// values, quoted with where it was found; a negatable slot skips hits
// negated in their sentence ("we will never ask for your PIN", "no fee").
func firstIntentHit(lx *lexicon, d *doc, lang string, negatable bool) (string, bool) {
	for _, h := range lx.scan(d, lang, partText, partExample, partFilled) {
		if negatable && (negatedBefore(h.p, h.from, lang) || warning(h)) {
			continue
		}
		// A fee already taken is a receipt, not a fee to pay ("a fee of
		// £1.50 was deducted").
		if lx == intentFee && anyIn(h.p.toks, h.to+1, h.to+6, feeTaken) {
			continue
		}
		return fragment(h.p, h.from, h.to) + " in " + h.p.where, true
	}
	return "", false
}

// feeTaken are the words of a fee already taken from an amount.
var feeTaken = wordSet("deducted", "withheld", "descontado", "descontada", "descontados", "descontou", "deducido", "deducida",
	"retenido", "retenida", "abgezogen", "einbehalten", "deduit", "deduits", "preleve", "prelevee")

// dataReach is how many words may stand between an asking verb and the
// secret or identity it asks for ("send us your full bank details":
// three), on either side, since a German verb may come last.
const dataReach = 6

// bankingLoginReach is askedData's reach for an online-banking login, which
// follows a list of other details more often than not.
const bankingLoginReach = 12

// askedData finds secrets or identity asked for: a data word with an
// asking or entering verb within dataReach words in its sentence, not
// negated. A gift card's number and PIN delivered to its buyer are data
// given, not asked for.
func askedData(d *doc, lang string, data *lexicon) (string, bool) {
	return askedDataWithin(d, lang, data, dataReach)
}

// askedDataWithin is askedData with the verb and the data at most reach
// words apart.
func askedDataWithin(d *doc, lang string, data *lexicon, reach int) (string, bool) {
	asks := append(requestVerbs.scan(d, lang, partText, partExample, partFilled), entryVerbs.scan(d, lang, partText, partExample, partFilled)...)
	asks = append(asks, intentAsk.scan(d, lang, partText, partExample, partFilled)...)
	for _, h := range data.scan(d, lang, partText, partExample, partFilled) {
		if negatedBefore(h.p, h.from, lang) || warning(h) || inOwnChannel(d, lang, h) {
			continue
		}
		for _, a := range asks {
			// The verb may not be a word of the data ("mot de passe").
			if a.p != h.p || a.to >= h.from && a.from <= h.to {
				continue
			}
			i, j := min(a.from, h.from), max(a.to, h.to)
			if j-i <= reach+1 && sameSentence(h.p, i, j) {
				return fragment(h.p, i, j) + " in " + h.p.where, true
			}
		}
	}
	return "", false
}

// ownChannel is where a business's own customers update their details:
// its app, or their account there ("please update your card details in
// the app within 7 days").
var ownChannel = compile([]term{{Rule: "scam.own_channel", Weight: 1, Phrases: []string{
	"in the|our|your app", "in the|our|your account settings", "en la|nuestra|tu|su app|aplicacion", "en tu|su area de cliente",
	"no|pelo app|aplicativo", "na|pela sua area do cliente", "in der|unserer app", "in ihrem|deinem kundenkonto",
	"dans l|notre application|appli|app", "dans votre espace client", "dans votre|ton espace", "en tu|su espacio|perfil",
	"na sua|tua area|conta|pagina", "in ihrem|deinem bereich|profil", "in your account|profile",
}}})

// inOwnChannel reports whether data asked for in h is to be given in the
// business's own app or account, in the same sentence, with no link in the
// text: nobody is sent to a page that could be a look-alike.
func inOwnChannel(d *doc, lang string, h hit) bool {
	if strings.Contains(h.p.text, "://") || strings.Contains(strings.ToLower(h.p.text), "www.") {
		return false
	}
	for _, c := range ownChannel.scan(d, lang, partText, partExample, partFilled) {
		if c.p == h.p && sameSentence(h.p, min(c.from, h.from), max(c.to, h.to)) {
			return true
		}
	}
	return false
}

// intentWithoutBenefit finds the intents that promise nothing: a relative
// on a new number who needs money, effortless work paid by the day, and an
// account threatened unless details are updated before a deadline.
func intentWithoutBenefit(d *doc, lang string) []Signal {
	slot := func(lx *lexicon, negatable bool) (string, bool) { return firstIntentHit(lx, d, lang, negatable) }
	sig := func(what string, parts ...string) []Signal {
		return []Signal{{Rule: "scam.intent", Weight: 1, Detail: what + ": " + strings.Join(parts, "; ")}}
	}
	if kin, ok := slot(intentKin, false); ok {
		if num, ok := slot(intentNewNumber, false); ok {
			if ask, ok := slot(intentMoneyAsk, true); ok {
				return sig("a relative on a new number asking for money", "kin "+kin, "new number "+num, "ask "+ask)
			}
		}
	}
	if easy, ok := slot(intentEasyWork, false); ok {
		if pay, ok := slot(intentDayPay, false); ok {
			return sig("effortless work paid by the day", "pay "+pay, "work "+easy)
		}
	}
	if g, ok := slot(intentGuarantee, true); ok {
		if rate, ok := slot(intentRate, false); ok {
			return sig("a return guaranteed per period", "guarantee "+g, "rate "+rate)
		}
	}
	// The call is looked for only once a device or a charge is there: most
	// templates have neither.
	if dev, ok := slot(intentDevice, false); ok {
		if threat, ok := slot(intentThreat, true); ok {
			if call, ok := callToNumberGiven(d, lang); ok {
				return sig("a device threatened, with a number to call", "device "+dev, "threat "+threat, "call "+call)
			}
		}
	}
	if charge, ok := slot(intentCharge, false); ok {
		if undo, ok := slot(intentUndo, false); ok {
			if urg, ok := slot(intentUrgency, false); ok {
				if call, ok := callToNumberGiven(d, lang); ok {
					return sig("a charge to undo by calling in time", "charge "+charge, "undo "+undo, "call "+call, "urgency "+urg)
				}
			}
		}
	}
	if mkt, ok := slot(intentMarketplace, false); ok {
		if rcv, ok := slot(intentReceive, false); ok {
			if con, ok := slot(intentContact, false); ok {
				if buyer, ok := slot(intentBuyerVoice, false); ok {
					return sig("a buyer's payment to receive through a link", "listing "+mkt, "buyer "+buyer, "receive "+rcv, "contact "+con)
				}
			}
		}
	}
	if kin, ok := slot(intentKin, false); ok {
		ask, ok := slot(intentMoneyAsk, true)
		if !ok {
			ask, ok = slot(intentSendMe, false)
		}
		if ok {
			if t, ok := slot(intentTrouble, false); ok {
				return sig("a relative in trouble asking for money", "kin "+kin, "trouble "+t, "ask "+ask)
			}
			if sec, ok := slot(intentSecrecy, false); ok {
				return sig("a relative asking for money in secret", "kin "+kin, "secrecy "+sec, "ask "+ask)
			}
		}
	}
	if ra, ok := slot(intentRemoteAccess, false); ok {
		threat, ok := slot(intentIntrusion, true)
		if !ok {
			threat, ok = slot(intentThreat, true)
		}
		if !ok {
			threat, ok = slot(intentUndo, false)
		}
		if ok {
			return sig("remote access asked for under a threat", "remote access "+ra, "threat "+threat)
		}
	}
	if dep, ok := slot(intentRentalDeposit, false); ok {
		how, ok := slot(intentVoucherPay, false)
		if !ok {
			how, ok = slot(intentAbsentOwner, false)
		}
		if !ok {
			how, ok = slot(intentOffPlatform, false)
		}
		if ok {
			return sig("a rental deposit sent by cash transfer, to an absent owner or off the platform", "deposit "+dep, "how "+how)
		}
	}
	if d, ok := slot(intentDonation, false); ok {
		if v, ok := slot(intentVoucherPay, false); ok {
			return sig("donations asked for in vouchers", "donation "+d, "vouchers "+v)
		}
	}
	// No bill, fee or cut-off is ever paid in gift cards or coupons.
	if v, ok := slot(intentVoucherPay, false); ok {
		what, ok := slot(intentCutOff, false)
		if !ok {
			what, ok = slot(intentFee, false)
		}
		if !ok {
			what, ok = slot(intentDue, false)
		}
		if ok {
			return sig("a bill, a fee or a cut-off paid in vouchers", "due "+what, "vouchers "+v)
		}
	}
	// "We never ask for donations by Bizum" names the handle to warn; a
	// Pix key that is a CNPJ is an organisation's own.
	if h, ok := slot(intentP2PHandle, true); ok && len(companyKey.scan(d, lang, partText, partExample)) == 0 {
		if d, ok := slot(intentDonation, false); ok {
			return sig("donations asked for to a personal payment handle or by chain message", "handle "+h, "donation "+d)
		}
	}
	if c, ok := slot(intentCashToVisitor, false); ok {
		threat, ok := slot(intentCutOff, false)
		if !ok {
			threat, ok = slot(intentThreat, true)
		}
		if ok {
			return sig("cash to hand to a visitor under a threat", "cash "+c, "threat "+threat)
		}
	}
	if r, ok := slot(intentPrivateResale, false); ok {
		if tr, ok := slot(intentTransferOnly, false); ok {
			return sig("a private resale paid by transfer only", "resale "+r, "payment "+tr)
		}
		if h, ok := slot(intentP2PHandle, true); ok {
			return sig("a private resale paid to a personal payment handle", "resale "+r, "handle "+h)
		}
		if v, ok := slot(intentVoucherPay, false); ok {
			return sig("a private resale paid in vouchers", "resale "+r, "vouchers "+v)
		}
	}
	if q, ok := slot(intentQR, false); ok {
		v, ok := slot(intentVerify, false)
		if !ok {
			v, ok = slot(intentThreat, true)
		}
		if ok {
			return sig("a QR code to scan to verify an account or a payment", "qr "+q, "verify "+v)
		}
	}
	if in, ok := slot(intentPutMoneyIn, false); ok {
		if back, ok := slot(intentSumBack, false); ok {
			if h, ok := slot(intentWithinHours, false); ok {
				return sig("money put in with a bigger sum promised back within hours", "put in "+in, "back "+back, "within "+h)
			}
		}
	}
	if sel, ok := slot(intentSelected, true); ok {
		if fee, ok := slot(intentFee, true); ok {
			if g, ok := slot(intentGuarantee, true); ok {
				return sig("a selection guaranteed for a fee", "selected "+sel, "fee "+fee, "guarantee "+g)
			}
		}
	}
	if ff, ok := slot(intentFriendsFamily, false); ok {
		return sig("a payment asked for as friends and family", "payment "+ff)
	}
	if c, ok := slot(intentCardPickup, false); ok {
		if v, ok := slot(intentHomeVisit, false); ok {
			return sig("a card collected at home", "collect "+c, "visit "+v)
		}
	}
	if t, ok := slot(intentTaxOffice, false); ok {
		if key, ok := slot(intentPayToKey, false); ok {
			return sig("a tax office's debt paid to a key or account the message gives", "office "+t, "pay to "+key)
		}
	}
	if a, ok := slot(intentAuthority, false); ok {
		if v, ok := slot(intentValuables, false); ok {
			return sig("an authority collecting valuables", "authority "+a, "valuables "+v)
		}
	}
	if m, ok := slot(intentMule, false); ok {
		if f, ok := slot(intentForwardOn, false); ok {
			return sig("money received to pass on (a money mule's job)", "receive "+m, "forward "+f)
		}
	}
	if a, ok := slot(intentApproveInApp, false); ok {
		if adv, ok := slot(intentAdviser, false); ok {
			return sig("a transaction approved in the app at an adviser's request", "approve "+a, "adviser "+adv)
		}
	}
	if mkt, ok := slot(intentMarketplace, false); ok {
		if rcv, ok := slot(intentReceive, false); ok {
			data, ok := askedData(d, lang, intentData)
			if !ok {
				data, ok = slot(intentData, true)
			}
			if ok {
				return sig("a buyer's payment to receive by entering card details", "listing "+mkt, "receive "+rcv, "data "+data)
			}
		}
	}
	if p, ok := slot(intentPyramid, false); ok {
		return sig("a gifting circle", "pyramid "+p)
	}
	if p, ok := slot(intentPensionRelease, false); ok {
		return sig("a pension unlocked early", "pension "+p)
	}
	if o, ok := slot(intentOverpaid, false); ok {
		if b, ok := slot(intentSendBack, false); ok {
			return sig("an overpayment with the difference to send back", "overpaid "+o, "send back "+b)
		}
	}
	if buyer, ok := slot(intentBuyerVoice, false); ok {
		if a, ok := slot(intentAcceptInApp, false); ok {
			return sig("a payment request to accept, told as money coming in", "buyer "+buyer, "accept "+a)
		}
	}
	if r, ok := slot(intentRigged, false); ok {
		return sig("a guaranteed winning bid", "rigged "+r)
	}
	if fp, ok := slot(intentFewPlaces, false); ok {
		if g, ok := slot(intentGuarantee, true); ok {
			return sig("a guaranteed return with few places left", "guarantee "+g, "places "+fp)
		}
	}
	if t, ok := slot(intentEnforcement, false); ok {
		if sec, ok := slot(intentSecrecy, false); ok {
			return sig("an enforcement threat to keep secret", "threat "+t, "secrecy "+sec)
		}
	}
	if w, ok := slot(intentEasyWork, false); ok {
		if t, ok := slot(intentTopUp, false); ok {
			return sig("a job that needs a first top-up", "work "+w, "top-up "+t)
		}
	}
	if b, ok := slot(intentBusy, false); ok {
		if r, ok := slot(intentReimburse, false); ok {
			return sig("an errand for cards from someone too busy to talk", "busy "+b, "cards "+r)
		}
	}
	if h, ok := slot(intentHeld, false); ok {
		// Not negatable: "could not be delivered because of a fee".
		if fee, ok := slot(intentFee, false); ok {
			return sig("a parcel held for a fee", "held "+h, "fee "+fee)
		}
	}
	if c, ok := slot(intentCardRenewal, false); ok {
		if fee, ok := slot(intentFee, true); ok {
			return sig("a card renewed for a fee", "renewal "+c, "fee "+fee)
		}
	}
	if n, ok := slot(intentNewAccount, true); ok {
		if due, ok := slot(intentDue, false); ok {
			return sig("rent or invoices to a new account", "new account "+n, "due "+due)
		}
	}
	if sa, ok := slot(intentSafeAccount, true); ok {
		if mv, ok := slot(intentMoveMoney, true); ok {
			return sig("savings moved to a safe account", "account "+sa, "move "+mv)
		}
	}
	if dis, ok := slot(intentDisown, false); ok {
		if call, ok := slot(intentWillCall, false); ok {
			return sig("a charge to disown with a call promised", "disown "+dis, "call "+call)
		}
	}
	if sr, ok := slot(intentSecretReady, false); ok {
		threat, ok := slot(intentThreat, true)
		if !ok {
			threat, ok = slot(intentWillCall, false)
		}
		if ok {
			return sig("a secret to have at hand for a call about a blocked account", "threat "+threat, "secret "+sr)
		}
	}
	if dis, ok := slot(intentDisown, false); ok {
		if call, ok := slot(intentCallNow, false); ok {
			return sig("a charge to disown with a number to call given", "disown "+dis, "call "+call)
		}
	}
	if ch, ok := slot(intentCharge, false); ok {
		if undo, ok := slot(intentUndo, false); ok {
			if h, ok := slot(intentHoursDeadline, false); ok {
				return sig("a charge to undo within hours", "charge "+ch, "undo "+undo, "deadline "+h)
			}
		}
	}
	if m, ok := slot(intentMentor, false); ok {
		if dep, ok := slot(intentInitialDeposit, false); ok {
			return sig("an investment app sold by a friend or a mentor", "referral "+m, "deposit "+dep)
		}
	}
	if tc, ok := slot(intentTrainingCredit, false); ok {
		if ex, ok := slot(intentExpiry, false); ok {
			return sig("training credits said to expire", "credits "+tc, "expiry "+ex)
		}
	}
	if mkt, ok := slot(intentMarketplace, false); ok {
		if rcv, ok := slot(intentReceive, false); ok {
			if buyer, ok := slot(intentBuyerVoice, false); ok {
				return sig("a buyer's payment to receive, told by the buyer", "listing "+mkt, "buyer "+buyer, "receive "+rcv)
			}
		}
	}
	if k, ok := slot(intentKeepRest, false); ok {
		return sig("part of a payment kept and the rest sent on", "keep "+k)
	}
	if disc, ok := slot(intentDebtDiscount, false); ok {
		if fee, ok := slot(intentFee, true); ok {
			return sig("a debt discount for a fee", "discount "+disc, "fee "+fee)
		}
		if key, ok := slot(intentPayToKey, false); ok {
			return sig("a bill discounted if paid to a given key or account", "discount "+disc, "pay to "+key)
		}
		if bc, ok := slot(intentBarcode, false); ok {
			return sig("a bill discounted if paid now by a barcode given", "discount "+disc, "barcode "+bc)
		}
	}
	if key, ok := slot(intentPersonalKey, false); ok {
		if due, ok := slot(intentDue, false); ok {
			return sig("a bill paid to a person's own Pix key", "bill "+due, "key "+key)
		}
	}
	if threat, ok := slot(intentEnforcement, false); ok {
		if pay, ok := slot(intentPayNow, false); ok {
			if urg, ok := slot(intentEnforcementDeadline, false); ok {
				return sig("a payment demanded in hours under a threat of enforcement", "threat "+threat, "pay "+pay, "urgency "+urg)
			}
		}
	}
	if send, ok := slot(intentSendMe, false); ok {
		if v, ok := slot(intentVoucherPay, false); ok {
			return sig("money asked for in vouchers", "ask "+send, "vouchers "+v)
		}
		if a, ok := slot(intentAffection, false); ok {
			return sig("money asked for by a lover", "ask "+send, "affection "+a)
		}
	}
	// No employer, shop or bank asks for the password of the recipient's
	// online banking, whatever the pretext or the deadline.
	// A list may stand between the verb and the login ("actualiza tu
	// CLABE, usuario y contraseña de banca en línea").
	if data, ok := askedDataWithin(d, lang, intentBankingLogin, bankingLoginReach); ok {
		return sig("the recipient's online-banking login asked for", "data "+data)
	}
	if data, ok := askedData(d, lang, intentSecret); ok {
		if urg, ok := slot(intentUrgency, false); ok {
			return sig("secrets or identity asked for under a deadline", "data "+data, "urgency "+urg)
		}
	}
	if threat, ok := slot(intentThreat, true); ok {
		if disc, ok := slot(intentDebtDiscount, false); ok {
			return sig("a threatened bill offered at a discount", "threat "+threat, "discount "+disc)
		}
	}
	if threat, ok := slot(intentThreat, true); ok {
		if upd, ok := slot(intentUpdate, true); ok {
			if urg, ok := slot(intentUrgency, false); ok {
				return sig("a threat unless details are updated in time", "threat "+threat, "update "+upd, "urgency "+urg)
			}
		}
	}
	return nil
}
