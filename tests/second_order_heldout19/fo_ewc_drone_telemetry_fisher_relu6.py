"""Elastic weight consolidation for a drone-telemetry fault classifier; Fisher diagonal from squared gradients."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FaultNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 32), nn.ReLU6(), nn.Linear(32, 32), nn.ReLU6(), nn.Linear(32, 5))

    def forward(self, x):
        return self.net(x)


class EWC:
    def __init__(self, model, dataset):
        self.model = model
        self.params = {n: p.clone().detach() for n, p in model.named_parameters() if p.requires_grad}
        self.fisher = self._diag_fisher(dataset)

    def _diag_fisher(self, dataset):
        fisher = {n: torch.zeros_like(p) for n, p in self.params.items()}
        self.model.eval()
        for x in dataset:
            self.model.zero_grad()
            out = self.model(x.unsqueeze(0))
            label = out.max(1)[1]
            loss = F.nll_loss(F.log_softmax(out, dim=1), label)
            loss.backward()
            for n, p in self.model.named_parameters():
                fisher[n] += p.grad.detach() ** 2 / len(dataset)
        return fisher

    def penalty(self, model):
        return sum((self.fisher[n] * (p - self.params[n]) ** 2).sum() for n, p in model.named_parameters())


model = FaultNet()
old_task = [torch.randn(20) for _ in range(6)]
ewc = EWC(model, old_task)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
importance = 1000
for step in range(2):
    x, y = torch.randn(8, 20), torch.randint(0, 5, (8,))
    model.train()
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y) + importance * ewc.penalty(model)
    loss.backward()
    opt.step()
