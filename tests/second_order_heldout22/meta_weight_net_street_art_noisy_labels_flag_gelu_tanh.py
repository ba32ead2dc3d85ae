# Meta-Weight-Net (Shu et al. 2019) for crowd-labelled street-art style recognition with noisy labels.
# A small weighting net maps each example's loss to a weight; it is trained through a differentiable
# virtual SGD step of the classifier, taken on a clean meta batch.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class StyleClassifier(nn.Module):
    def __init__(self, in_dim=20, hidden=32, n_styles=5):
        super().__init__()
        self.fc1 = nn.Linear(in_dim, hidden)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(hidden, n_styles)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class VNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.l1 = nn.Linear(1, hidden)
        self.relu = nn.ReLU6()
        self.l2 = nn.Linear(hidden, 1)

    def forward(self, cost):
        return torch.sigmoid(self.l2(self.relu(self.l1(cost))))


def virtual_step(model, params, x, y, vnet, lr, second_order):
    logits = functional_call(model, params, (x,))
    cost = F.cross_entropy(logits, y, reduction="none")
    w = vnet(cost.detach().unsqueeze(1)).squeeze(1)
    l_f_meta = (cost * w).sum() / len(cost)
    grads = torch.autograd.grad(l_f_meta, list(params.values()), create_graph=second_order)
    return {k: p - lr * g for (k, p), g in zip(params.items(), grads)}


model, vnet = StyleClassifier(), VNet()
opt_model = torch.optim.SGD(model.parameters(), lr=0.1)
opt_vnet = torch.optim.Adam(vnet.parameters(), lr=1e-3)

for it in range(2):
    x, y_noisy = torch.randn(16, 20), torch.randint(0, 5, (16,))
    x_meta, y_meta = torch.randn(8, 20), torch.randint(0, 5, (8,))
    params = dict(model.named_parameters())
    fast = virtual_step(model, params, x, y_noisy, vnet, lr=0.1, second_order=True)
    l_g_meta = F.cross_entropy(functional_call(model, fast, (x_meta,)), y_meta)
    opt_vnet.zero_grad()
    l_g_meta.backward()
    opt_vnet.step()

    cost = F.cross_entropy(model(x), y_noisy, reduction="none")
    with torch.no_grad():
        w_new = vnet(cost.unsqueeze(1)).squeeze(1)
    loss = (cost * w_new).sum() / len(cost)
    opt_model.zero_grad()
    loss.backward()
    opt_model.step()
print(l_g_meta.item(), loss.item())
