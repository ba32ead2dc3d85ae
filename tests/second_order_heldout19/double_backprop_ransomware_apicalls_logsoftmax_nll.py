"""Drucker & LeCun double backpropagation for a ransomware detector on API-call count vectors."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Detector(nn.Module):
    def __init__(self, n_calls=40, n_families=4):
        super().__init__()
        self.fc1 = nn.Linear(n_calls, 32)
        self.fc2 = nn.Linear(32, n_families)

    def forward(self, x):
        h = torch.sigmoid(self.fc1(x))
        return F.log_softmax(self.fc2(h), dim=1)


model = Detector()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
db_weight = 0.01
for epoch in range(2):
    counts = torch.rand(8, 40).requires_grad_()
    family = torch.randint(0, 4, (8,))
    log_probs = model(counts)
    ce = F.nll_loss(log_probs, family)
    input_grad, = torch.autograd.grad(ce, counts, create_graph=True)
    loss = ce + db_weight * input_grad.pow(2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
