"""Diagonal empirical-Fisher preconditioned SGD for a beetroot sugar-content grader (NIR spectra)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SugarGrader(nn.Module):
    def __init__(self, bands=16, grades=3):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 3, padding=1)
        self.pool = nn.AvgPool1d(2)
        self.fc = nn.Linear(4 * bands // 2, grades)

    def forward(self, x):
        h = self.pool(F.elu(self.conv(x.unsqueeze(1))))
        return self.fc(h.flatten(1))


class DiagFisherSGD:
    def __init__(self, params, lr=0.05, decay=0.95, damping=1e-3):
        self.params = list(params)
        self.lr, self.decay, self.damping = lr, decay, damping
        self.fisher = [torch.zeros_like(p) for p in self.params]

    def update_fisher(self, model, x, y, n_chunks=4):
        for xc, yc in zip(x.chunk(n_chunks), y.chunk(n_chunks)):
            loss = F.cross_entropy(model(xc), yc)
            grads = torch.autograd.grad(loss, self.params)
            for f, g in zip(self.fisher, grads):
                f.mul_(self.decay).add_((1 - self.decay) * g.detach() ** 2)

    @torch.no_grad()
    def step(self):
        for p, f in zip(self.params, self.fisher):
            p -= self.lr * p.grad / (f + self.damping).sqrt()


def main():
    torch.manual_seed(0)
    model = SugarGrader()
    opt = DiagFisherSGD(model.parameters())
    x, y = torch.randn(32, 16), torch.randint(0, 3, (32,))
    for step in range(3):
        opt.update_fisher(model, x, y)
        model.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
