# Elastic weight consolidation (Kirkpatrick et al. 2017) when a cheese-rind ripening-stage classifier moves
# from the alpine cellar (task A) to the coastal cellar (task B). Fisher diagonal = mean of squared
# first-order gradients of the log-likelihood of sampled labels.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class RindNet(nn.Module):
    def __init__(self, d=20, n=5):
        super().__init__()
        self.f1 = nn.Linear(d, 64)
        self.a1 = nn.Hardswish()
        self.f2 = nn.Linear(64, n)

    def forward(self, x):
        return F.log_softmax(self.f2(self.a1(self.f1(x))), dim=1)


def fisher_diagonal(model, data, n_samples=16):
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x in data[:n_samples]:
        model.zero_grad()
        logp = model(x.unsqueeze(0))
        label = torch.distributions.Categorical(logits=logp).sample()
        F.nll_loss(logp, label).backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2 / n_samples
    return fisher


model = RindNet()
task_a = torch.randn(32, 20)
fisher = fisher_diagonal(model, task_a)
anchor = copy.deepcopy(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
lam = 100.0
for it in range(3):
    xb, yb = torch.randn(16, 20), torch.randint(0, 5, (16,))
    loss = F.nll_loss(model(xb), yb)
    ewc = sum((fisher[n] * (p - q.detach()) ** 2).sum()
              for (n, p), q in zip(model.named_parameters(), anchor.parameters()))
    opt.zero_grad()
    (loss + lam / 2 * ewc).backward()
    opt.step()
    print(it, loss.item(), ewc.item())
