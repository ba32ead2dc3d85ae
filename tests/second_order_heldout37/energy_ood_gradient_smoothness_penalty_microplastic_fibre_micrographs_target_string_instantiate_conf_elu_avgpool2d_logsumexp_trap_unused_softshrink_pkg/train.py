import torch
import torch.nn.functional as F

import conf
from model import FibreClassifier


def fibre_batch(n=12):
    y = torch.randint(0, conf.N_CLASSES, (n,))
    x = 0.2 * torch.rand(n, 1, conf.IMAGE_SIZE, conf.IMAGE_SIZE)
    for i, c in enumerate(y.tolist()):
        x[i, 0, c * 2, :] += 0.8
    return x, y


def outlier_batch(n=12):
    return torch.rand(n, 1, conf.IMAGE_SIZE, conf.IMAGE_SIZE)


def energy_smoothness(model, x):
    """Penalise the input gradient of the free energy on in-distribution fibres."""
    x = x.clone().requires_grad_(True)
    e = model.energy(x)
    (g,) = torch.autograd.grad(e.sum(), x, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def main(cfg=conf.TRAIN):
    torch.manual_seed(19)
    model = FibreClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x_in, y = fibre_batch()
        x_out = outlier_batch()
        ce = F.cross_entropy(model(x_in), y)
        e_in, e_out = model.energy(x_in), model.energy(x_out)
        margin = (F.relu(e_in - cfg["margin_in"]) ** 2).mean() + (F.relu(cfg["margin_out"] - e_out) ** 2).mean()
        smooth = energy_smoothness(model, x_in)
        loss = ce + cfg["energy_weight"] * margin + cfg["smooth_weight"] * smooth
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {ce.item():.3f} margin {margin.item():.3f} smooth {smooth.item():.4f}")


if __name__ == "__main__":
    main()
