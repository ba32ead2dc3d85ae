# Online learning-rate hypergradient for a small speech-enhancement mask net:
# the lr is learned by differentiating the validation loss through one unrolled SGD step.
import torch
import torch.nn as nn
from torch.func import functional_call


class MaskNet(nn.Module):
    def __init__(self, bins=33):
        super().__init__()
        self.fc1 = nn.Linear(bins, 64)
        self.act = nn.ReLU6()
        self.fc2 = nn.Linear(64, bins)

    def forward(self, spec):
        return torch.sigmoid(self.fc2(self.act(self.fc1(spec)))) * spec


def sgd_lookahead(model, params, batch, lr, create_graph=False):
    noisy, clean = batch
    loss = ((functional_call(model, params, (noisy,)) - clean) ** 2).mean()
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
    return {name: p - lr * g for (name, p), g in zip(params.items(), grads)}


net = MaskNet()
log_lr = torch.tensor(-3.0, requires_grad=True)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
hyper_opt = torch.optim.Adam([log_lr], lr=1e-2)
for step in range(3):
    train = (torch.rand(16, 33), torch.rand(16, 33))
    val = (torch.rand(16, 33), torch.rand(16, 33))
    params = dict(net.named_parameters())
    new_params = sgd_lookahead(net, params, train, log_lr.exp(), create_graph=True)
    val_loss = ((functional_call(net, new_params, (val[0],)) - val[1]) ** 2).mean()
    hyper_opt.zero_grad()
    opt.zero_grad()
    val_loss.backward()
    hyper_opt.step()
    opt.step()
