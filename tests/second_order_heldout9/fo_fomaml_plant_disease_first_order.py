"""First-order MAML (FOMAML) for few-shot plant-disease recognition from leaf crops. The inner
loop uses torch.autograd.grad with create_graph=not first_order, and the training script runs it
with first_order=True, so the outer update is the gradient at the adapted weights only."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout, track_running_stats=False),
                         nn.ReLU(), nn.MaxPool2d(2))


class LeafNet(nn.Module):
    def __init__(self, ways=5, c=8):
        super().__init__()
        self.features = nn.Sequential(conv_block(3, c), conv_block(c, c))
        self.classifier = nn.Linear(c * 4 * 4, ways)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def adapt(model, params, x_s, y_s, inner_lr, steps, first_order):
    for _ in range(steps):
        loss = F.cross_entropy(functional_call(model, params, (x_s,)), y_s)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        if first_order:
            grads = [g.detach() for g in grads]
        params = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    return params


def meta_train(model, tasks, meta_opt, inner_lr=0.4, steps=1, first_order=True):
    meta_opt.zero_grad()
    total = 0.0
    for x_s, y_s, x_q, y_q in tasks:
        fast = adapt(model, dict(model.named_parameters()), x_s, y_s, inner_lr, steps, first_order)
        q_loss = F.cross_entropy(functional_call(model, fast, (x_q,)), y_q)
        (q_loss / len(tasks)).backward()
        total += q_loss.item()
    meta_opt.step()
    return total / len(tasks)


if __name__ == "__main__":
    net = LeafNet()
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    for it in range(2):
        tasks = [(torch.randn(5, 3, 16, 16), torch.arange(5), torch.randn(10, 3, 16, 16), torch.arange(5).repeat(2))
                 for _ in range(2)]
        print(it, meta_train(net, tasks, opt, first_order=True))
