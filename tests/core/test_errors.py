import pickle

from tabulae.core.errors import IllegalAction


def test_a_refusal_carries_its_message_key_and_arguments_across_processes():
    refusal = IllegalAction("card 3 is not yours", key="demo.refused.not_yours", args={"card": 3})
    copy = pickle.loads(pickle.dumps(refusal))
    assert (copy.reason, copy.key, copy.arguments) == (
        "card 3 is not yours",
        "demo.refused.not_yours",
        {"card": 3},
    )
    assert str(copy) == "card 3 is not yours"


def test_a_refusal_without_a_key_keeps_its_english_reason():
    refusal = IllegalAction("the game is over")
    assert (refusal.key, refusal.arguments, refusal.reason) == (None, {}, "the game is over")
