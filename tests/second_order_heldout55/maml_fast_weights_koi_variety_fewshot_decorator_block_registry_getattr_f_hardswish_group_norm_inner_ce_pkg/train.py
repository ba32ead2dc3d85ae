import torch
import torch.nn.functional as F

import config
from learner import Learner


def sample_task(n_way=config.N_WAY, k_shot=config.K_SHOT, k_query=config.K_QUERY):
    protos = torch.softmax(torch.randn(n_way, config.IN_DIM) * 2, dim=-1)
    def draw(k):
        y = torch.arange(n_way).repeat_interleave(k)
        x = protos[y] + 0.03 * torch.randn(len(y), config.IN_DIM)
        return x, y
    return draw(k_shot) + draw(k_query)


def adapt(learner, x_spt, y_spt, steps, create_graph):
    fast = learner.parameters_list()
    for _ in range(steps):
        loss = F.cross_entropy(learner(x_spt, fast), y_spt)
        grad = torch.autograd.grad(loss, fast, create_graph=create_graph)
        fast = list(map(lambda p: p[1] - config.INNER_LR * p[0], zip(grad, fast)))
    return fast


def meta_train_step(learner, meta_opt):
    meta_opt.zero_grad()
    qloss_sum, acc_sum = 0.0, 0.0
    for _ in range(config.META_BATCH):
        x_spt, y_spt, x_qry, y_qry = sample_task()
        fast = adapt(learner, x_spt, y_spt, config.INNER_STEPS, not config.FIRST_ORDER)
        logits = learner(x_qry, fast)
        qloss = F.cross_entropy(logits, y_qry) / config.META_BATCH
        qloss.backward()
        qloss_sum += qloss.item()
        acc_sum += (logits.argmax(-1) == y_qry).float().mean().item() / config.META_BATCH
    meta_opt.step()
    return qloss_sum, acc_sum


def finetune_eval(learner, n_tasks=2):
    accs = []
    for _ in range(n_tasks):
        x_spt, y_spt, x_qry, y_qry = sample_task()
        fast = [w.detach().requires_grad_() for w in adapt(learner, x_spt, y_spt, 4, False)]
        with torch.no_grad():
            accs.append((learner(x_qry, fast).argmax(-1) == y_qry).float().mean().item())
    return sum(accs) / len(accs)


def main():
    torch.manual_seed(4)
    learner = Learner()
    meta_opt = torch.optim.Adam(learner.parameters(), lr=config.META_LR)
    for epoch in range(config.EPOCHS):
        for _ in range(config.TASKS_PER_EPOCH):
            qloss, acc = meta_train_step(learner, meta_opt)
        print("epoch %d query loss %.4f acc %.3f | finetune acc %.3f" % (epoch, qloss, acc, finetune_eval(learner)))


if __name__ == "__main__":
    main()
