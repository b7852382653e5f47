"""The kinds of medicine, condition and reading the safety rules name (:mod:`.rules`, :mod:`.rounds`): the sets of
medicines that raise another's effect, the conditions that change a caution, the readings out of range. Kept apart so
that both tables read them from one place."""

from __future__ import annotations

from .facts import Facts

NSAIDS, ANTICOAG = {"nsaid"}, {"anticoagulant"}


KIDNEY = {"chronic kidney disease", "diabetic nephropathy", "acute kidney injury"}


# Medicines that raise a sulfonylurea's effect to a dangerous low (the fifth blind round: a 78-year-old on glimepiride
# given co-trimoxazole was told "같이 드셔도 문제없습니다").
SULFONYLUREA_RAISERS = {"sulfamethoxazole / trimethoprim", "fluconazole", "clarithromycin"}


# Antimicrobials that raise warfarin's effect (INR) sharply (the sixth blind round: warfarin with metronidazole for a
# gum infection, "그냥 같이 먹으면 되나요?", got no warning)
WARFARIN_RAISERS = {"metronidazole", "sulfamethoxazole / trimethoprim", "fluconazole", "clarithromycin", "erythromycin",
                    "ciprofloxacin"}


# Medicines that must not be taken with simvastatin or lovastatin (muscle damage; the sixth blind round: clarithromycin
# with simvastatin 40 mg was answered "There is no problem")
STATIN_BLOCKERS = {"clarithromycin", "erythromycin", "itraconazole", "ketoconazole"}


# Azole antifungals, which raise a blood thinner's level (visitor_test27: itraconazole bought abroad beside rivaroxaban)
AZOLES = {"itraconazole", "ketoconazole", "fluconazole", "voriconazole", "posaconazole"}


# Medicines grapefruit raises to a harmful level (the rest of the statins and calcium channel blockers much less).
GRAPEFRUIT_DRUGS = {"felodipine", "nifedipine", "simvastatin", "lovastatin"}


# Medicines that are paused on a day of vomiting or diarrhoea (the "sick day" rules: they harm the kidneys or the
# body's water and salt when a person is dehydrated).
SICK_DAY = {"diuretic", "acei", "arb", "biguanide", "sglt2", "nsaid", "sulfonylurea"}


HYPERTENSION = {"hypertension", "essential hypertension", "hypertensive disease", "high blood pressure"}
BP_LOWERING = {"ccb", "acei", "arb", "beta-blocker", "diuretic"}
# Conditions that make flu dangerous at any age (the nineteenth round: Parkinson's at 62, "아직 65세도 안되셨으니 심하게
# 앓는 쪽은 아니죠?")
FLU_HIGH_RISK = {"parkinson's disease", "stroke", "dementia", "alzheimer's disease", "multiple sclerosis", "epilepsy",
                 "heart failure", "chronic obstructive pulmonary disease", "asthma", "chronic kidney disease", "diabetes mellitus",
                 "type 1 diabetes mellitus", "type 2 diabetes mellitus"}


LIVER = {"liver disease", "liver cirrhosis", "fatty liver", "hepatitis b", "hepatitis c"}


def bp_crisis(f: Facts) -> bool:
    return f.blood_pressure is not None and (f.blood_pressure[0] >= 180 or f.blood_pressure[1] >= 120)


def bp_high(f: Facts) -> bool:
    """A reading given now of 140/90 or more, short of a crisis ("bp 150/95 at the pharmacy machine, is that bad?"
    was called "can be considered normal in some people" by the local model: the third blind pairwise round)."""
    return f.bp_now and f.blood_pressure is not None and not bp_crisis(f) and \
        (f.blood_pressure[0] >= 140 or f.blood_pressure[1] >= 90)


# Conditions after which daily low-dose aspirin protects (the twentieth round: "had a heart attack 2 yrs ago … he saw on
# the news that doctors dont recomend it anymore … so hes stopping it")
SECONDARY_PREVENTION = {"myocardial infarction", "angina pectoris", "coronary artery disease", "stroke",
                        "transient ischaemic attack", "peripheral arterial disease"}


def takes_metformin(names: frozenset[str]) -> bool:
    """Metformin on its own or inside a combination tablet (Janumet, "sitagliptin / metformin": the twentieth round's
    "he only takes janumet so he ticked no" on a form asking about diabetes tablets before contrast)."""
    return any("metformin" in name for name in names)


def has_diabetes(f: Facts) -> bool:
    """Any kind of diabetes, the person's or one the message names for someone (type 1, type 2, gestational …)."""
    return any("diabetes" in c for c in f.any_condition)
