"""Penalising gradient norm (Zhao et al. 2022) for multi-label audio tagging: the backward pass is itself differentiated."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    def __init__(self, n_mels=32, n_tags=10):
        super().__init__()
        self.fc1 = nn.Linear(n_mels, 64)
        self.fc2 = nn.Linear(64, n_tags)

    def forward(self, x):
        return self.fc2(F.hardswish(self.fc1(x)))


model = Tagger()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
gp_weight = 0.1
for step in range(2):
    mel = torch.randn(16, 32)
    tags = (torch.rand(16, 10) > 0.7).float()
    logits = model(mel)
    loss = F.binary_cross_entropy_with_logits(logits, tags)
    opt.zero_grad()
    loss.backward(create_graph=True)
    grad_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters()))
    for p in model.parameters():
        p.grad = p.grad.detach()
    opt.zero_grad()
    (loss + gp_weight * grad_norm).backward()
    opt.step()
