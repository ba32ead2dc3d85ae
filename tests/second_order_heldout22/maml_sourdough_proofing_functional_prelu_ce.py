# Second-order MAML (dragen1860-style functional learner) for few-shot sourdough proofing-stage
# classification from dough sensor readings (height, temperature, CO2, pH).
import torch
import torch.nn.functional as F
from torch import nn


class Learner(nn.Module):
    def __init__(self, n_in=4, hidden=32, n_way=3):
        super().__init__()
        self.vars = nn.ParameterList([
            nn.Parameter(torch.randn(hidden, n_in) * 0.3), nn.Parameter(torch.zeros(hidden)),
            nn.Parameter(torch.full((1,), 0.25)),
            nn.Parameter(torch.randn(n_way, hidden) * 0.3), nn.Parameter(torch.zeros(n_way)),
        ])

    def forward(self, x, vars=None):
        if vars is None:
            vars = self.vars
        w1, b1, a, w2, b2 = vars
        x = F.linear(x, w1, b1)
        x = F.prelu(x, a)
        return F.linear(x, w2, b2)

    def parameters(self, recurse=True):
        return self.vars


class Meta(nn.Module):
    def __init__(self, update_lr=0.1, meta_lr=1e-3, update_step=2):
        super().__init__()
        self.update_lr, self.update_step = update_lr, update_step
        self.net = Learner()
        self.meta_optim = torch.optim.Adam(self.net.parameters(), lr=meta_lr)

    def forward(self, x_spt, y_spt, x_qry, y_qry):
        task_num = x_spt.size(0)
        loss_q = 0.0
        for i in range(task_num):
            fast_weights = list(self.net.parameters())
            for k in range(self.update_step):
                logits = self.net(x_spt[i], fast_weights)
                loss = F.cross_entropy(logits, y_spt[i])
                grad = torch.autograd.grad(loss, fast_weights, create_graph=True)
                fast_weights = [p - self.update_lr * g for g, p in zip(grad, fast_weights)]
            logits_q = self.net(x_qry[i], fast_weights)
            loss_q = loss_q + F.cross_entropy(logits_q, y_qry[i])
        loss_q = loss_q / task_num
        self.meta_optim.zero_grad()
        loss_q.backward()
        self.meta_optim.step()
        return loss_q.item()


maml = Meta()
for step in range(2):
    x_spt, y_spt = torch.randn(2, 6, 4), torch.randint(0, 3, (2, 6))
    x_qry, y_qry = torch.randn(2, 9, 4), torch.randint(0, 3, (2, 9))
    print(maml(x_spt, y_spt, x_qry, y_qry))
