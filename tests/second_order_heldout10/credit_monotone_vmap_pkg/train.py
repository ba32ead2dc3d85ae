import torch
import torch.nn.functional as F

from constraints import monotonicity_penalty
from models import CreditScorer

NUMERIC = ["income", "age", "debt_ratio", "n_late_payments", "credit_lines"]
CATEGORICAL = {"region": 7, "housing": 3, "purpose": 10}


def synthetic_batch(n=64):
    numeric = torch.randn(n, len(NUMERIC))
    cats = {k: torch.randint(0, c, (n,)) for k, c in CATEGORICAL.items()}
    logit = 1.2 * numeric[:, 0] - 1.5 * numeric[:, 3] - 0.8 * numeric[:, 2]
    return numeric, cats, torch.bernoulli(torch.sigmoid(logit))


def main():
    model = CreditScorer(len(NUMERIC), CATEGORICAL, act="elu")
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    inc = [NUMERIC.index("income")]
    dec = [NUMERIC.index("debt_ratio"), NUMERIC.index("n_late_payments")]
    for step in range(3):
        numeric, cats, y = synthetic_batch()
        bce = F.binary_cross_entropy_with_logits(model(numeric, cats), y)
        mono = monotonicity_penalty(model, numeric, cats, inc, dec)
        loss = bce + 5.0 * mono
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, bce.item(), mono.item())


if __name__ == "__main__":
    main()
