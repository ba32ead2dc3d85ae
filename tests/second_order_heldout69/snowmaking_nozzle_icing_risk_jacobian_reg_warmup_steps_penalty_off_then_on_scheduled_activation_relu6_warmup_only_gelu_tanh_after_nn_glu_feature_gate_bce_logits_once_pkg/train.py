"""cd <pkg> && python train.py"""
import logging

import torch
import torch.nn.functional as F

from config import FEATURES, get_args
from model import IcingRiskNet
from regularizers import jacobian_frobenius, jacobian_weight

log = logging.getLogger("snowgun")


def gun_logs(n):
    x = torch.randn(n, len(FEATURES))
    risk = 1.5 * x[:, 0] + 0.8 * x[:, 2] - 1.2 * x[:, 3] + 0.5 * x[:, 9]
    return x, (risk + 0.3 * torch.randn(n) > 0.5).float()


def main():
    args = get_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    model = IcingRiskNet(len(FEATURES), args.hidden, args.act_warmup_steps)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    pos_weight = torch.tensor(2.0)

    for step in range(args.steps):
        model.set_step(step)
        x, y = gun_logs(args.batch)
        logits = model(x)
        loss = F.binary_cross_entropy_with_logits(logits, y, pos_weight=pos_weight)
        lam = jacobian_weight(step, args.jac_warmup_steps, args.jac_weight)
        jac = torch.zeros(())
        if lam > 0:
            jac = jacobian_frobenius(model, x, args.jac_projections)
            loss = loss + lam * jac
        opt.zero_grad(set_to_none=True)
        loss.backward()
        if lam > 0:
            assert model.gate.weight.grad is not None and model.gate.weight.grad.abs().sum() > 0
        opt.step()
        log.info("step %d lam %.3f jac %.4f loss %.4f", step, lam, jac.item(), loss.item())


if __name__ == "__main__":
    main()
