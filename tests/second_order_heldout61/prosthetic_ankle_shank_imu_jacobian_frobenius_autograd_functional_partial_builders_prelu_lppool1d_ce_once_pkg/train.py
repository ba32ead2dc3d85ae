"""Torque regression + phase classification, with a Jacobian (input-sensitivity) penalty on the torque."""
import math
from functools import partial

import torch
import torch.nn.functional as F

from config import CHANNELS, LOSS, N_PHASES, NORM, SPEC, TRAIN, WINDOW
from model import AnkleNet

jacobian = partial(torch.autograd.functional.jacobian, create_graph=True, vectorize=True)
TORQUE_LOSSES = {"huber": partial(F.huber_loss, delta=5.0), "mse": F.mse_loss}


def synthetic_gait(n, gen):
    phase = torch.randint(0, N_PHASES, (n,), generator=gen)
    t = torch.linspace(0, 1, WINDOW)
    base = torch.sin(2 * math.pi * (t + phase[:, None] / N_PHASES))
    imu = base[:, None, :] * torch.rand(n, CHANNELS, 1, generator=gen) + 0.1 * torch.randn(n, CHANNELS, WINDOW, generator=gen)
    torque = 80.0 * torch.relu(torch.sin(math.pi * phase / N_PHASES + 0.3)) + 5 * torch.randn(n, generator=gen)
    return imu, torque, phase


def input_sensitivity(model, x):
    """Per-sample d torque / d imu; samples are independent, so the Jacobian of the batch sum suffices."""
    j = jacobian(lambda inp: model.torque(inp).sum(), x)
    return j.pow(2).sum(dim=(1, 2)).mean()


def main():
    gen = torch.Generator().manual_seed(TRAIN["seed"])
    model = AnkleNet(SPEC, NORM)
    opt = torch.optim.Adam(model.parameters(), lr=TRAIN["lr"])
    torque_loss = TORQUE_LOSSES[LOSS["torque"]]
    for step in range(TRAIN["steps"]):
        imu, torque, phase = synthetic_gait(TRAIN["batch"], gen)
        pred_t, logits = model(imu)
        terms = {
            "torque": torque_loss(pred_t, torque),
            "phase": LOSS["phase_weight"] * F.cross_entropy(logits, phase, label_smoothing=LOSS["label_smoothing"]),
            "jac": LOSS["jac_weight"] * input_sensitivity(model, imu),
        }
        loss = sum(terms.values())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, {k: f"{v.item():.4g}" for k, v in terms.items()})


if __name__ == "__main__":
    main()
