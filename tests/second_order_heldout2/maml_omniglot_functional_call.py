"""Second-order MAML on Omniglot-style 5-way tasks with torch.func.functional_call (conv4 backbone)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def conv_block(in_ch, out_ch):
    return nn.Sequential(
        nn.Conv2d(in_ch, out_ch, 3, padding=1),
        nn.BatchNorm2d(out_ch, track_running_stats=False),
        nn.ReLU(),
        nn.MaxPool2d(2),
    )


class Conv4(nn.Module):
    def __init__(self, n_way=5, hidden=32):
        super().__init__()
        self.features = nn.Sequential(conv_block(1, hidden), conv_block(hidden, hidden),
                                      conv_block(hidden, hidden), conv_block(hidden, hidden))
        self.classifier = nn.Linear(hidden, n_way)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def inner_adapt(model, params, x_support, y_support, inner_lr=0.4, steps=1):
    for _ in range(steps):
        logits = functional_call(model, params, (x_support,))
        loss = F.cross_entropy(logits, y_support)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        params = {name: p - inner_lr * g for (name, p), g in zip(params.items(), grads)}
    return params


def meta_train(task_sampler, meta_steps=1000, meta_batch=4):
    model = Conv4()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(meta_steps):
        meta_opt.zero_grad()
        for xs, ys, xq, yq in task_sampler(meta_batch):
            params = dict(model.named_parameters())
            fast = inner_adapt(model, params, xs, ys)
            query_logits = functional_call(model, fast, (xq,))
            (F.cross_entropy(query_logits, yq) / meta_batch).backward()
        meta_opt.step()
