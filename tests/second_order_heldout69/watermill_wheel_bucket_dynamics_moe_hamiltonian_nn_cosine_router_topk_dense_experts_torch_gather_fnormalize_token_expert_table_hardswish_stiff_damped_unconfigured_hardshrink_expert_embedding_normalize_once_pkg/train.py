"""Fit the MoE Hamiltonian to observed watermill state derivatives: cd <pkg> && python train.py"""
import logging

import torch

from config import CONFIG
from moe import MoEHamiltonian, hamiltonian_vector_field

log = logging.getLogger("watermill")


def mill_observations(n):
    """Finite-difference derivatives from the wheel encoder and bucket level sensors."""
    q = torch.rand(n, 2) * torch.tensor([6.28, 1.0])
    p = torch.randn(n, 2) * 0.5
    # pendulum-like wheel with a fill-dependent stiffness, quadratic bucket kinetic energy
    dq = torch.stack([p[:, 0] / (1.0 + q[:, 1]), 2.0 * p[:, 1]], dim=-1)
    dp = torch.stack([-torch.sin(q[:, 0]) * (1 + q[:, 1]), -0.5 * torch.cos(q[:, 0]) - 0.3 * q[:, 1]], -1)
    return torch.cat([q, p], -1), torch.cat([dq, dp], -1)


def balance_loss(probs):
    usage = probs.mean(0)
    return (usage * usage.numel()).square().mean()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    model = MoEHamiltonian(CONFIG)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    for epoch in range(CONFIG["epochs"]):
        for _ in range(CONFIG["batches_per_epoch"]):
            x, dxdt = mill_observations(CONFIG["batch"])
            field, probs = hamiltonian_vector_field(model, x)
            loss = (field - dxdt).square().mean() + CONFIG["balance_weight"] * balance_loss(probs)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            assert model.router.proj.weight.grad is not None
            opt.step()
        usage = probs.argmax(-1).bincount(minlength=len(CONFIG["experts"])).tolist()
        log.info("epoch %d loss %.4f expert usage %s", epoch, loss.item(), usage)


if __name__ == "__main__":
    main()
