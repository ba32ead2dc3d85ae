# Drucker & LeCun "double backpropagation" for a telecom churn model: the norm of d(loss)/d(input) is
# added to the loss so that predictions are insensitive to small changes in the customer features.
import torch
import torch.nn as nn

N_FEAT = 24


class ChurnMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEAT, 64),
            nn.LayerNorm(64),
            nn.PReLU(),
            nn.Dropout(0.1),
            nn.Linear(64, 32),
            nn.Hardtanh(-3.0, 3.0),
            nn.Linear(32, 1),
        )

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


model = ChurnMLP()
bce = nn.BCELoss()
opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
lam = 0.1
for step in range(4):
    x = torch.randn(32, N_FEAT).requires_grad_(True)
    y = (torch.rand(32) < 0.3).float()
    loss = bce(model(x), y)
    g_x, = torch.autograd.grad(loss, x, create_graph=True)
    total = loss + lam * g_x.pow(2).sum(dim=1).mean()
    opt.zero_grad()
    total.backward()
    opt.step()
    print(step, loss.item(), total.item())
