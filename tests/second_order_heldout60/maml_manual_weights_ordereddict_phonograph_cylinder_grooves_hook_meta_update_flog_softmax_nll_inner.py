"""MAML (Finn et al. 2017) for few-shot dating of phonograph cylinders from stylus groove-depth profiles.

Follows the structure of the early PyTorch MAML ports: a net with a module path (weights=None) and a
functional path over an OrderedDict of fast weights, an inner loop with create_graph, and a meta update that
replaces the gradients of a dummy backward through parameter hooks.
"""
import argparse
from collections import OrderedDict

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

parser = argparse.ArgumentParser()
parser.add_argument('--n_way', type=int, default=4, help='recording eras per task')
parser.add_argument('--k_shot', type=int, default=2)
parser.add_argument('--k_query', type=int, default=3)
parser.add_argument('--profile_len', type=int, default=64)
parser.add_argument('--meta_batch', type=int, default=2)
parser.add_argument('--num_updates', type=int, default=2)
parser.add_argument('--inner_lr', type=float, default=0.1)
parser.add_argument('--meta_lr', type=float, default=1e-3)
parser.add_argument('--iterations', type=int, default=3)
parser.add_argument('--first_order', action='store_true', help='FOMAML: drop the second-order terms')
args = parser.parse_args()


class GrooveNet(nn.Module):
    def __init__(self, num_classes, in_len, hidden=32):
        super(GrooveNet, self).__init__()
        self.in_len = in_len // 2
        self.features = nn.Sequential(OrderedDict([
            ('fc1', nn.Linear(self.in_len, hidden)),
            ('bn1', nn.BatchNorm1d(hidden, momentum=1, affine=True)),
            ('relu1', nn.ReLU(inplace=True)),
            ('fc2', nn.Linear(hidden, hidden)),
            ('bn2', nn.BatchNorm1d(hidden, momentum=1, affine=True)),
            ('relu2', nn.ReLU(inplace=True)),
        ]))
        self.add_module('fc', nn.Linear(hidden, num_classes))
        self.add_module('logprob', nn.LogSoftmax(dim=1))

    def forward(self, x, weights=None):
        x = F.avg_pool1d(x.unsqueeze(1), kernel_size=2).squeeze(1)   # decimate the raw profile
        if weights is None:
            return self.logprob(self.fc(self.features(x)))
        x = F.linear(x, weights['features.fc1.weight'], weights['features.fc1.bias'])
        x = F.batch_norm(x, None, None, weights['features.bn1.weight'], weights['features.bn1.bias'], training=True)
        x = F.relu(x)
        x = F.linear(x, weights['features.fc2.weight'], weights['features.fc2.bias'])
        x = F.batch_norm(x, None, None, weights['features.bn2.weight'], weights['features.bn2.bias'], training=True)
        x = F.relu(x)
        x = F.linear(x, weights['fc.weight'], weights['fc.bias'])
        return F.log_softmax(x, dim=1)

    def copy_weights(self, net):
        for m_from, m_to in zip(net.modules(), self.modules()):
            if isinstance(m_to, (nn.Linear, nn.BatchNorm1d)):
                m_to.weight.data = m_from.weight.data.clone()
                if m_to.bias is not None:
                    m_to.bias.data = m_from.bias.data.clone()


def sample_task(n_way, k, q, length):
    """Each era has its own groove pitch / depth modulation; tasks draw n_way eras."""
    t = np.linspace(0, 1, length)
    eras = np.random.choice(10, n_way, replace=False)
    def draw(n):
        xs, ys = [], []
        for lbl, era in enumerate(eras):
            for _ in range(n):
                pitch = 20 + 4 * era + np.random.randn()
                xs.append(np.sin(2 * np.pi * pitch * t) * (0.5 + 0.05 * era) + 0.1 * np.random.randn(length))
                ys.append(lbl)
        return torch.FloatTensor(np.array(xs)), torch.LongTensor(ys)
    return draw(k), draw(q)


class MetaLearner(object):
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(self.net.parameters(), lr=args.meta_lr)

    def inner_adapt(self, x, y):
        fast_weights = OrderedDict((name, param) for (name, param) in self.net.named_parameters())
        for i in range(args.num_updates):
            loss = F.nll_loss(self.net.forward(x, fast_weights), y)
            grads = torch.autograd.grad(loss, fast_weights.values(), create_graph=not args.first_order)
            fast_weights = OrderedDict((name, param - args.inner_lr * grad)
                                       for ((name, param), grad) in zip(fast_weights.items(), grads))
        return fast_weights

    def meta_update(self, dummy_x, dummy_y, ls):
        meta_grads = {k: sum(d[k] for d in ls) for k in ls[0].keys()}
        hooks = []
        for (k, v) in self.net.named_parameters():
            def get_closure():
                key = k
                def replace_grad(grad):
                    return meta_grads[key]
                return replace_grad
            hooks.append(v.register_hook(get_closure()))
        self.opt.zero_grad()
        loss = F.nll_loss(self.net(dummy_x), dummy_y)
        loss.backward()
        self.opt.step()
        for h in hooks:
            h.remove()

    def train_step(self):
        grads, accs = [], []
        for _ in range(args.meta_batch):
            (xs, ys), (xq, yq) = sample_task(args.n_way, args.k_shot, args.k_query, args.profile_len)
            xs, ys, xq, yq = Variable(xs), Variable(ys), Variable(xq), Variable(yq)
            fast_weights = self.inner_adapt(xs, ys)
            out_q = self.net.forward(xq, fast_weights)
            loss_q = F.cross_entropy(out_q, yq)
            g = torch.autograd.grad(loss_q, self.net.parameters())
            grads.append({n: gi for (n, _), gi in zip(self.net.named_parameters(), g)})
            accs.append((out_q.data.max(1)[1] == yq.data).float().mean().item())
        self.meta_update(xs, ys, grads)
        return np.mean(accs)


if __name__ == '__main__':
    np.random.seed(0)
    torch.manual_seed(0)
    net = GrooveNet(args.n_way, args.profile_len)
    learner = MetaLearner(net)
    for it in range(args.iterations):
        acc = learner.train_step()
        print('iteration %d  query acc %.3f' % (it, acc))
