"""Detect adulterated saffron (safflower, dyed corn silk, turmeric) from NIR spectra, trained with SAM.

Sharpness-Aware Minimization (Foret et al. 2021): an ascent step to w + rho * g / ||g||, a second
gradient there, then the base optimizer step from the original weights. Both gradients are ordinary
first-order backward passes.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES, N_BANDS, BATCH, STEPS = 4, 64, 12, 4


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_optimizer, rho=0.05, **kwargs):
        defaults = dict(rho=rho, **kwargs)
        super().__init__(params, defaults)
        self.base_optimizer = base_optimizer(self.param_groups, **kwargs)

    @torch.no_grad()
    def first_step(self):
        grad_norm = torch.norm(torch.stack([p.grad.norm(p=2) for g in self.param_groups
                                            for p in g["params"] if p.grad is not None]), p=2)
        for group in self.param_groups:
            scale = group["rho"] / (grad_norm + 1e-12)
            for p in group["params"]:
                if p.grad is None:
                    continue
                e_w = p.grad * scale
                p.add_(e_w)
                self.state[p]["e_w"] = e_w

    @torch.no_grad()
    def second_step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p]["e_w"])
        self.base_optimizer.step()


class SpectraNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, 7, padding=3)
        self.conv2 = nn.Conv1d(ch, 2 * ch, 5, padding=2)
        self.act = nn.GELU(approximate="tanh")
        self.pool = nn.AdaptiveAvgPool1d(4)
        self.fc = nn.Linear(2 * ch * 4, N_CLASSES)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.pool(self.act(self.conv2(h)))
        return self.fc(h.flatten(1))


def smoothed_targets(y, eps=0.1):
    t = torch.full((y.shape[0], N_CLASSES), eps / (N_CLASSES - 1))
    return t.scatter(1, y[:, None], 1 - eps)


def nir_batch(n):
    y = torch.randint(0, N_CLASSES, (n,))
    wl = torch.linspace(0, 1, N_BANDS)
    crocin = torch.exp(-((wl - 0.3) ** 2) / 0.01)
    adulterant = torch.exp(-((wl[None] - 0.5 - 0.1 * y[:, None].float()) ** 2) / 0.005) * (y[:, None] > 0)
    x = crocin[None] + 0.6 * adulterant + 0.05 * torch.randn(n, N_BANDS)
    return x.unsqueeze(1), y


def loss_fn(model, x, y):
    return F.kl_div(F.log_softmax(model(x), dim=1), smoothed_targets(y), reduction="batchmean")


def main():
    torch.manual_seed(37)
    model = SpectraNet()
    opt = SAM(model.parameters(), torch.optim.SGD, rho=0.05, lr=0.05, momentum=0.9)
    for step in range(STEPS):
        x, y = nir_batch(BATCH)
        loss = loss_fn(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.first_step()
        opt.zero_grad()
        loss_fn(model, x, y).backward()
        opt.second_step()
        print(f"step {step}: kl={loss.item():.3f}")


if __name__ == "__main__":
    main()
